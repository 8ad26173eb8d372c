import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { organizationConfirmationText } from '#common/admin';
import { can } from '#common/organization-roles';
import { deleteOrganizationSchema, type OrganizationDetail } from '#common/organization-page';
import { isOwnerRole } from '#common/roles';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormField } from '@/components/ui/form-field';
import { FormTextField } from '@/components/ui/form-fields';
import { SearchField } from '@/components/ui/search-field';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { shortName } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useZodForm } from '@/lib/use-zod-form';
import { useDeleteOrganization } from '@/features/organizations/api/delete-organization';
import { useOrganizationMembers } from '@/features/organizations/api/get-organization-members';
import { useLeaveOrganization } from '@/features/organizations/api/leave-organization';
import { useTransferOwnership } from '@/features/organizations/api/transfer-ownership';

/** Back to the list, drawn at once: the page of an organization the caller has left asks nothing more. */
function useGoToOrganizations() {
  const navigate = useNavigate();
  return () => navigate(paths.organizations, { replace: true, flushSync: true });
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <div className="space-y-3 border-t border-separator pt-4 first:border-t-0 first:pt-0">
      <div>
        <h3 className="text-sm font-semibold">{title}</h3>
        <p className="mt-1 text-sm text-secondary-foreground">{text}</p>
      </div>
      {children}
    </div>
  );
}

/** Anyone leaves; the server keeps the last owner, in words shown here. */
function LeaveOrganization({ organization }: { organization: OrganizationDetail }) {
  const leave = useLeaveOrganization(organization.id, useGoToOrganizations());
  return (
    <Section
      title="Leave organization"
      text="You lose access to its members, teams and invitations. The last owner cannot leave."
    >
      <ErrorBox message={leave.error?.message} />
      <ConfirmButton
        variant="danger"
        disabled={leave.isPending}
        title="Leave organization"
        question={`Leave ${shortName(organization.name)}? You will need a new invitation to come back.`}
        confirmLabel="Leave"
        onConfirm={() => leave.mutate()}
      >
        Leave organization
      </ConfirmButton>
    </Section>
  );
}

/** An owner picks another member (searched on the server) to become owner; they stay as an admin. */
function TransferOwnership({ organization }: { organization: OrganizationDetail }) {
  const [search, setSearch] = useState('');
  const [memberId, setMemberId] = useState('');
  const settledSearch = useDebouncedValue(search.trim());
  const members = useOrganizationMembers(organization.id, { search: settledSearch, cursor: '' });
  const candidates = (members.data?.data ?? []).filter((member) => member.id !== organization.memberId);
  const chosen = candidates.find((member) => member.id === memberId);
  const transfer = useTransferOwnership(organization.id);
  return (
    <Section title="Transfer ownership" text="The member you choose becomes an owner, and you become an admin.">
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
    </Section>
  );
}

/**
 * The organization goes once its name is typed exactly (the button waits for it), then back to the
 * list. The server compares the name too. A name stored before the name rule is asked for as it
 * can be typed (`organizationConfirmationText`).
 */
function DeleteOrganization({ organization }: { organization: OrganizationDetail }) {
  const remove = useDeleteOrganization(organization.id, useGoToOrganizations());
  const form = useZodForm(deleteOrganizationSchema, { defaultValues: { confirmName: '' } });
  const confirmation = organizationConfirmationText(organization.name);
  const matches = form.watch('confirmName') === confirmation;
  const submit = form.handleSubmit((values) => remove.mutate(values));
  return (
    <Section
      title="Delete organization"
      text="Its members' places, its teams, roles and invitations go. The people keep their accounts. This cannot be undone."
    >
      <form className="max-w-md space-y-3" onSubmit={submit} noValidate>
        <ErrorBox message={remove.error?.message} />
        <p className="text-sm text-secondary-foreground">
          Type <strong className="font-semibold break-all">{confirmation}</strong> to confirm.
        </p>
        <FormTextField
          form={form}
          name="confirmName"
          id="delete-organization-name"
          label="Organization name"
          autoComplete="off"
          spellCheck={false}
        />
        <Button type="submit" variant="danger" disabled={!matches || remove.isPending}>
          Delete organization
        </Button>
      </form>
    </Section>
  );
}

/** Leaving (anyone), handing over (owners) and deleting (those whose role may), in a red card. */
export function DangerZoneCard({ organization }: { organization: OrganizationDetail }) {
  return (
    <Card title="Danger zone" tone="danger">
      <div className="space-y-4">
        <LeaveOrganization organization={organization} />
        {isOwnerRole(organization.role) && <TransferOwnership organization={organization} />}
        {can(organization.permissions, 'organization', 'delete') && <DeleteOrganization organization={organization} />}
      </div>
    </Card>
  );
}
