import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { SignInProvider } from '#common/identity-providers';
import type { SignInWay } from '../hooks/use-sign-in-attempt';
import { ProviderButtons } from './provider-buttons';

/**
 * After the form, an "Or" and the ways in without a password: a passkey, each configured identity
 * provider, a link or a code by mail when the server offers them, and a guest account unless already one.
 */
export function OtherSignIns({
  pending,
  onPasskey,
  onGuest,
  providers = [],
  onProvider,
  onMailLink,
  onMailCode,
}: {
  pending: SignInWay | null;
  onPasskey: () => void;
  onGuest?: (() => void) | undefined;
  providers?: SignInProvider[];
  onProvider?: (id: string) => void;
  onMailLink?: (() => void) | undefined;
  onMailCode?: (() => void) | undefined;
}) {
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        Or
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="space-y-3">
        <Button variant="secondary" className="w-full" onClick={onPasskey} disabled={pending !== null}>
          {pending === 'passkey' && <Spinner size="sm" label="Waiting for the passkey" />}
          Sign in with a passkey
        </Button>
        {onProvider && (
          <ProviderButtons
            providers={providers}
            pending={pending?.startsWith('provider:') ? pending.slice('provider:'.length) : pending !== null}
            onProvider={onProvider}
          />
        )}
        {onMailLink && (
          <Button variant="secondary" className="w-full" onClick={onMailLink} disabled={pending !== null}>
            Email me a sign-in link
          </Button>
        )}
        {onMailCode && (
          <Button variant="secondary" className="w-full" onClick={onMailCode} disabled={pending !== null}>
            Email me a code
          </Button>
        )}
        {onGuest && (
          <Button variant="secondary" className="w-full" onClick={onGuest} disabled={pending !== null}>
            {pending === 'guest' && <Spinner size="sm" label="Signing in as guest" />}
            Continue as Guest
          </Button>
        )}
      </div>
    </>
  );
}
