import { z } from 'zod';
import { organizationPoliciesSchema, type OrganizationDetail } from '#common/organization-page';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { useZodForm } from '@/lib/use-zod-form';
import { useUpdateOrganizationPolicies } from '@/features/organizations/api/update-organization-policies';

/** The domains typed as one line (commas or spaces between them), checked by the server's own rule. */
const policiesFormSchema = z.object({
  requireTwoFactor: z.boolean(),
  invitationDomains: z.string().transform((text, context) => {
    const domains = text.split(/[\s,]+/).filter(Boolean);
    const checked = organizationPoliciesSchema.shape.invitationDomains.safeParse(domains);
    if (checked.success) return checked.data;
    context.addIssue({
      code: 'custom',
      message: checked.error.issues[0]?.message ?? 'Enter domains such as example.com',
    });
    return z.NEVER;
  }),
});

/**
 * What the organization asks of its members: two-factor (a member without it reaches nothing of the
 * organization until they turn it on), and the domains invitations may go to. Saved together.
 */
export function PoliciesCard({ organization }: { organization: OrganizationDetail }) {
  const update = useUpdateOrganizationPolicies(organization.id);
  const { policies } = organization;
  const form = useZodForm(policiesFormSchema, {
    defaultValues: {
      requireTwoFactor: policies.requireTwoFactor,
      invitationDomains: policies.invitationDomains.join(', '),
    },
  });
  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) =>
        form.reset({
          requireTwoFactor: saved.data.requireTwoFactor,
          invitationDomains: saved.data.invitationDomains.join(', '),
        }),
    }),
  );
  return (
    <Card title="Policies">
      <form className="max-w-xl space-y-4" onSubmit={submit} noValidate>
        <ErrorBox message={update.error?.message} />
        <label className="flex items-center gap-3 text-sm font-medium text-foreground">
          <input
            type="checkbox"
            role="switch"
            className="size-4 accent-primary"
            {...form.register('requireTwoFactor')}
          />
          Members must use two-factor
        </label>
        <p className="-mt-2 text-xs text-muted-foreground">
          Members without it, admins included, lose access to the organization until they turn it on. The member list
          shows who has not.
        </p>
        <div>
          <FormTextField
            form={form}
            name="invitationDomains"
            id="organization-invitation-domains"
            label="Invitations only to these email domains"
            placeholder="example.com, example.org"
            autoComplete="off"
            spellCheck={false}
          />
          <p className="mt-1 text-xs text-muted-foreground">
            Separate domains with commas. Leave empty to invite any address.
          </p>
        </div>
        <Button type="submit" disabled={!form.formState.isDirty || update.isPending}>
          Save policies
        </Button>
      </form>
    </Card>
  );
}
