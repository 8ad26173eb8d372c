import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { SETUP_TOKEN_PARAM } from '#common/setup';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { FormTextField } from '@/components/ui/form-fields';
import { Notice } from '@/components/ui/notice';
import { PasswordField } from '@/components/ui/password-field';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useZodForm } from '@/lib/use-zod-form';
import {
  setupFormSchema,
  setupLinkQueryOptions,
  setupLinkStateOf,
  useCreateFirstAdmin,
  type SetupLinkState,
} from '../api/setup';

/** What the page says when the link cannot create an admin. */
function Closed({ state }: { state: Exclude<SetupLinkState, 'open'> }) {
  // The page's own link leads to the sign-in screen.
  if (state === 'done') {
    return <Notice tone="success">Setup is done: an admin account exists. This link is no longer needed.</Notice>;
  }
  return (
    <>
      <ErrorBox message="This setup link is invalid, has expired or has already been used." />
      <p className="text-sm text-secondary-foreground">
        Restart the server: while no admin exists, it prints a new link in its output.
      </p>
    </>
  );
}

/**
 * The first run's setup page (`/setup?token=`, the link the server printed): the first admin's name,
 * address and password, with sign-up's rules. Once made, this browser is signed in as that admin and
 * lands on the admin pages. A link that no longer works says why.
 */
export function SetupForm() {
  const [params] = useSearchParams();
  const token = params.get(SETUP_TOKEN_PARAM) ?? '';
  const navigate = useNavigate();
  const link = useQuery({ ...setupLinkQueryOptions(token), enabled: token !== '' });
  const create = useCreateFirstAdmin();
  const form = useZodForm(setupFormSchema, { defaultValues: { token, name: '', email: '', password: '' } });

  if (!token) return <Closed state="invalid" />;
  if (link.isPending) return <Spinner className="mx-auto block" label="Checking the setup link" />;
  if (link.isError) return <ErrorBox message={link.error.message} />;
  const closed = setupLinkStateOf(create.error) ?? (link.data === 'open' ? undefined : link.data);
  if (closed && closed !== 'open') return <Closed state={closed} />;

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (signedIn) => void navigate(signedIn ? paths.adminUsers : paths.auth, { replace: true }),
    }),
  );
  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      <p className="text-sm text-secondary-foreground">
        No admin account exists yet. Create the first one: it can then create users, invite people and read the outbox.
      </p>
      <ErrorBox message={create.error?.message} />
      <FormTextField form={form} name="name" id="setup-name" label="Full name" autoComplete="name" />
      <FormTextField form={form} name="email" id="setup-email" label="Email" type="email" autoComplete="email" />
      <PasswordField
        id="setup-password"
        label="Password"
        autoComplete="new-password"
        error={form.getFieldState('password', form.formState).error?.message}
        {...form.register('password')}
      />
      <Button type="submit" className="w-full" disabled={create.isPending}>
        Create admin account
      </Button>
    </form>
  );
}
