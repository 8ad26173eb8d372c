import { useState } from 'react';
import type { OrganizationDetail } from '#common/organization-page';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField } from '@/components/ui/form-field';
import { SearchField } from '@/components/ui/search-field';
import { Select } from '@/components/ui/select';
import { shortName } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useOrganizationMembers } from '@/features/organizations/api/get-organization-members';
import { useTransferOwnership } from '@/features/organizations/api/transfer-ownership';
import { DangerZoneSection } from './danger-zone-section';

/** An owner picks another member (searched on the server) to become owner; they stay as an admin. */
export function TransferOwnership({ organization }: { organization: OrganizationDetail }) {
  return (
    <DangerZoneSection
      title="Transfer ownership"
      text="The member you choose becomes an owner, and you become an admin."
    >
      {organization.memberCount > 1 ? (
        <TransferForm organization={organization} />
      ) : (
        <p className="text-sm text-muted-foreground">Invite someone first: there is no other member to hand over to.</p>
      )}
    </DangerZoneSection>
  );
}

function TransferForm({ organization }: { organization: OrganizationDetail }) {
  const [search, setSearch] = useState('');
  const [memberId, setMemberId] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const members = useOrganizationMembers(organization.id, { search: settledSearch, cursor: '' });
  const candidates = (members.data?.data ?? []).filter((member) => member.id !== organization.memberId);
  const chosen = candidates.find((member) => member.id === memberId);
  const transfer = useTransferOwnership(organization.id);
  return (
    <>
      <ErrorBox message={transfer.error?.message} />
      <div className="flex flex-wrap items-end gap-2">
        <SearchField
          id="transfer-search"
          label="Find a member to hand over to"
          placeholder="Find a member"
          value={search}
          maxLength={100}
          onChange={(event) => setSearch(event.target.value)}
        />
        <FormField id="transfer-member" label="New owner">
          <Select
            id="transfer-member"
            className="block w-64 max-w-full"
            value={chosen ? memberId : ''}
            onChange={(event) => setMemberId(event.target.value)}
          >
            <option value="">Choose a member</option>
            {candidates.map((member) => (
              <option key={member.id} value={member.id}>
                {member.name ? `${member.name} (${member.email})` : member.email}
              </option>
            ))}
          </Select>
        </FormField>
        <ConfirmButton
          variant="danger"
          disabled={!chosen || transfer.isPending}
          title="Transfer ownership"
          question={`Make ${chosen?.email ?? ''} the owner of ${shortName(organization.name)}? You become an admin.`}
          confirmLabel="Transfer"
          onConfirm={() => {
            if (chosen) {
              transfer.mutate({ memberId: chosen.id, email: chosen.email }, { onSuccess: () => setMemberId('') });
            }
          }}
        >
          Transfer ownership
        </ConfirmButton>
      </div>
    </>
  );
}
