import type { UseFormReturn } from 'react-hook-form';
import { APPLICATION_SCOPES, SCOPE_DESCRIPTIONS, type AdminApplication } from '#common/applications';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { fieldErrorId, FormField } from '@/components/ui/form-field';
import { FormTextField, SelectField } from '@/components/ui/form-fields';
import { FIELD_CLASSES } from '@/components/ui/input';
import { Modal } from '@/components/ui/modal';
import { cn } from '@/lib/cn';
import { useZodForm } from '@/lib/use-zod-form';
import { useCreateApplication } from '../api/create-application';
import { useUpdateApplication } from '../api/update-application';
import {
  createApplicationFormSchema,
  editApplicationFormSchema,
  formValuesOf,
  NEW_APPLICATION,
  TYPE_LABELS,
  type ApplicationFormValues,
} from '../utils/application-form';
import type { ShownSecret } from './secret-dialog';

/** The form of either dialog: the same fields, checked by the registration's or the change's rule. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- only the fields are read here, never the output
type Form = UseFormReturn<ApplicationFormValues, unknown, any>;

/** A list of URIs, one per line, as the server's rule checks it (its refusals name the line). */
function UriLines({
  form,
  name,
  id,
  label,
  hint,
}: {
  form: Form;
  name: 'redirectUris' | 'postLogoutRedirectUris';
  id: string;
  label: string;
  hint: string;
}) {
  const error = form.getFieldState(name, form.formState).error?.message;
  const hintId = `${id}-hint`;
  return (
    <FormField id={id} label={label} error={error}>
      <p id={hintId} className="mb-1 text-xs text-muted-foreground">
        {hint}
      </p>
      <textarea
        id={id}
        rows={3}
        spellCheck={false}
        className={cn('block w-full px-3 font-mono text-xs', FIELD_CLASSES)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${fieldErrorId(id)}` : hintId}
        {...form.register(name)}
      />
    </FormField>
  );
}

/** The fields of an application; the type only when it is registered (it never changes). */
function ApplicationFields({ form, creating }: { form: Form; creating: boolean }) {
  const scopesError = form.getFieldState('scopes', form.formState).error?.message;
  return (
    <>
      <FormTextField form={form} name="name" id="application-name" label="Name" autoComplete="off" />
      {creating && (
        <SelectField form={form} name="type" id="application-type" label="Type">
          {Object.entries(TYPE_LABELS).map(([type, label]) => (
            <option key={type} value={type}>
              {label}
            </option>
          ))}
        </SelectField>
      )}
      <UriLines
        form={form}
        name="redirectUris"
        id="application-redirect-uris"
        label="Redirect URIs"
        hint="One per line: https, or http only for localhost, 127.0.0.1 or [::1]."
      />
      <UriLines
        form={form}
        name="postLogoutRedirectUris"
        id="application-sign-out-uris"
        label="Sign-out redirect URIs (optional)"
        hint="One per line: where people may be sent back after signing out."
      />
      <fieldset aria-describedby={scopesError ? fieldErrorId('application-scopes') : undefined}>
        <legend className="text-sm font-medium">Scopes</legend>
        <div className="mt-1 space-y-1">
          {APPLICATION_SCOPES.map((scope) => (
            <label key={scope} className="flex items-start gap-2 text-sm">
              <input type="checkbox" value={scope} className="mt-1" {...form.register('scopes')} />
              <span>
                <span className="font-mono text-xs">{scope}</span>
                <span className="block text-xs text-muted-foreground">{SCOPE_DESCRIPTIONS[scope]}</span>
              </span>
            </label>
          ))}
        </div>
        {scopesError && (
          <p id={fieldErrorId('application-scopes')} className="mt-1 text-xs text-danger">
            {scopesError}
          </p>
        )}
      </fieldset>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" {...form.register('trusted')} />
        <span>
          Trusted
          <span className="block text-xs text-muted-foreground">
            A first-party application: people are not asked to allow it.
          </span>
        </span>
      </label>
    </>
  );
}

function FormModal({
  title,
  submitLabel,
  form,
  creating,
  error,
  pending,
  onSubmit,
  onClose,
}: {
  title: string;
  submitLabel: string;
  form: Form;
  creating: boolean;
  error: string | undefined;
  pending: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose} wide>
      <form
        className="space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <ErrorBox message={error} />
        <ApplicationFields form={form} creating={creating} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** New application: on success the caller shows the client id and secret, once. */
export function CreateApplicationModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (shown: ShownSecret) => void;
}) {
  const create = useCreateApplication();
  const form = useZodForm(createApplicationFormSchema, { defaultValues: NEW_APPLICATION });
  const submit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (created) =>
        onCreated({ name: created.name, clientId: created.clientId, clientSecret: created.clientSecret }),
    }),
  );
  return (
    <FormModal
      title="New application"
      submitLabel="Create application"
      form={form}
      creating
      error={create.error?.message}
      pending={create.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}

export function EditApplicationModal({ application, onClose }: { application: AdminApplication; onClose: () => void }) {
  const update = useUpdateApplication();
  const form = useZodForm(editApplicationFormSchema, {
    defaultValues: formValuesOf(application) satisfies ApplicationFormValues,
  });
  const submit = form.handleSubmit((change) =>
    update.mutate({ clientId: application.clientId, change }, { onSuccess: onClose }),
  );
  return (
    <FormModal
      title={`Edit ${application.name}`}
      submitLabel="Save"
      form={form}
      creating={false}
      error={update.error?.message}
      pending={update.isPending}
      onSubmit={() => void submit()}
      onClose={onClose}
    />
  );
}
