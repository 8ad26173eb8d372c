import type { TeamView } from '#common/teams';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { fieldErrorId, FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useZodForm } from '@/lib/use-zod-form';
import { addTeamMemberSchema, useAddTeamMember } from '../api/add-team-member';

/** Adds an organization member to a private team by email, as member or owner. */
export function AddTeamMemberForm({ team }: { team: TeamView }) {
  const add = useAddTeamMember(team.id);
  const form = useZodForm(addTeamMemberSchema, { defaultValues: { email: '', role: 'member' } });
  const emailError = form.formState.errors.email?.message;
  const submit = form.handleSubmit((input) =>
    add.mutate(
      { ...input, teamId: team.id, organizationId: team.organizationId },
      // The role stays chosen for the next person.
      { onSuccess: () => form.resetField('email') },
    ),
  );
  return (
    <form className="space-y-2" onSubmit={submit} noValidate>
      <ErrorBox message={add.error?.message} />
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-56 flex-1">
          <FormField id="member-email" label="Member email" error={emailError}>
            <Input
              id="member-email"
              type="email"
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? fieldErrorId('member-email') : undefined}
              {...form.register('email')}
            />
          </FormField>
        </div>
        <FormField id="member-role" label="Role">
          <Select id="member-role" {...form.register('role')}>
            <option value="member">Member</option>
            <option value="owner">Owner</option>
          </Select>
        </FormField>
        <Button type="submit" className="mt-6" disabled={!form.watch('email').trim() || add.isPending}>
          Add Member
        </Button>
      </div>
    </form>
  );
}
