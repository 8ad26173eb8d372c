import { providerSignInError } from '#common/identity-providers';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { ErrorBox } from '@/components/ui/error-box';
import { FreshSessionDialog } from '@/components/ui/fresh-session-dialog';
import { ItemList } from '@/components/ui/item-list';
import { QueryView } from '@/components/ui/query-view';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useFreshSession } from '@/lib/use-fresh-session';
import { useLinkedAccounts } from '../api/get-linked-accounts';
import { useLinkAccount } from '../api/link-account';
import { useUnlinkAccount } from '../api/unlink-account';

/**
 * The person's accounts at identity providers: each with the address it was linked with and when,
 * Unlink (never the last way to sign in: the server refuses it, and the button says why first),
 * and Link for each configured provider not linked yet (decision 0085). `returnError` is the
 * `error` a refused link came back to the profile with.
 */
export function LinkedAccountsCard({ returnError }: { returnError?: string | null | undefined }) {
  const linked = useLinkedAccounts();
  const link = useLinkAccount();
  const fresh = useFreshSession();
  const unlink = useUnlinkAccount(fresh.run);
  const data = linked.data;
  // Nothing to show where no provider is configured and nothing was ever linked.
  if (data && data.accounts.length === 0 && data.available.length === 0) return null;
  return (
    <Card
      title="Linked accounts"
      description="Accounts elsewhere you can sign in with. Each must confirm your own email address."
    >
      <div className="space-y-4">
        <ErrorBox message={returnError ? providerSignInError(returnError) : undefined} />
        <ErrorBox message={link.error?.message} />
        <QueryView
          query={linked}
          empty="No linked accounts."
          isEmpty={(view) => view.accounts.length === 0 && view.available.length === 0}
        >
          {(view) => (
            <>
              {view.accounts.length === 0 ? (
                <p className="text-sm text-muted-foreground">No linked accounts.</p>
              ) : (
                <ItemList items={view.accounts} label="Linked accounts">
                  {(account) => (
                    <li key={account.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
                      <div className="min-w-0 flex-1 space-y-1">
                        <p className="font-medium">{account.label}</p>
                        <p className="break-words text-secondary-foreground">
                          {account.email ?? 'Address not recorded'}
                        </p>
                        <p className="text-xs text-muted-foreground">Linked {formatDateTime(account.linkedAt)}</p>
                      </div>
                      <ConfirmButton
                        variant="secondary"
                        size="sm"
                        aria-label={`Unlink ${account.label}`}
                        disabled={unlink.isPending || !view.canUnlink}
                        title={
                          view.canUnlink
                            ? `Unlink ${account.label}`
                            : 'This is your only way to sign in: set a password or add a passkey first'
                        }
                        question={`Are you sure you want to unlink your ${account.label} account? You will no longer be able to sign in with it.`}
                        confirmLabel="Unlink"
                        onConfirm={() => unlink.mutate(account.id)}
                      >
                        Unlink
                      </ConfirmButton>
                    </li>
                  )}
                </ItemList>
              )}
              {!view.canUnlink && view.accounts.length > 0 && (
                <p className="text-xs text-muted-foreground">
                  This is your only way to sign in. Set a password or add a passkey before unlinking it.
                </p>
              )}
              {view.available.length > 0 && (
                <div className="flex flex-wrap gap-2">
                  {view.available.map((provider) => (
                    <Button
                      key={provider.id}
                      variant="secondary"
                      size="sm"
                      disabled={link.isPending}
                      onClick={() => link.mutate(provider.id)}
                    >
                      {link.isPending && link.variables === provider.id && (
                        <Spinner size="sm" label="Opening the provider" />
                      )}
                      Link {provider.label}
                    </Button>
                  ))}
                </div>
              )}
            </>
          )}
        </QueryView>
        <FreshSessionDialog prompt={fresh.prompt} />
      </div>
    </Card>
  );
}
