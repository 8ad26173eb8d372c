import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Notice } from '@/components/ui/notice';
import { PageTitle } from '@/components/ui/page-title';
import { DeleteAccountCard } from '@/features/account-deletion/components/delete-account-card';
import { ApiKeysCard } from '@/features/api-keys/components/api-keys-card';
import { SecurityActivityCard } from '@/features/audit/components/security-activity-card';
import { ConnectedAppsCard } from '@/features/connected-apps/components/connected-apps-card';
import { LINK_RETURN_PARAM } from '@/features/linked-accounts/api/link-account';
import { LinkedAccountsCard } from '@/features/linked-accounts/components/linked-accounts-card';
import { MyAccessCard } from '@/features/organizations/components/my-access-card';
import { MyInvitationsCard } from '@/features/organizations/components/my-invitations-card';
import { PasskeysCard } from '@/features/passkeys/components/passkeys-card';
import { PasswordCard } from '@/features/password/components/password-card';
import { ChangeEmailCard } from '@/features/profile/components/change-email-card';
import { ProfileInformation } from '@/features/profile/components/profile-information';
import { SessionDebug } from '@/features/profile/components/session-debug';
import { SessionInformation } from '@/features/profile/components/session-information';
import { MySessionsCard } from '@/features/sessions/components/my-sessions-card';
import { SignInAlertsCard } from '@/features/sign-in-alerts/components/sign-in-alerts-card';
import { TwoFactorCard } from '@/features/two-factor/components/two-factor-card';
import { useSession } from '@/lib/session';

/**
 * What a mailed link reports when it brings the visitor back here, or a provider when linking an
 * account was refused (`LINK_RETURN_PARAM`, with Better Auth's `error`).
 */
function useLinkOutcome() {
  const [params, setParams] = useSearchParams();
  const [outcome] = useState(() => {
    const linking = params.has(LINK_RETURN_PARAM);
    return {
      verified: params.get('verified') === '1',
      error: linking ? null : params.get('error'),
      linkError: linking ? (params.get('error') ?? 'unknown') : null,
    };
  });
  useEffect(() => {
    if (params.has('verified') || params.has('error') || params.has(LINK_RETURN_PARAM))
      setParams({}, { replace: true });
  }, [params, setParams]);
  return outcome;
}

/** A link to one of the cards (`paths.profileTwoFactor`) scrolls to it: the router does not. */
function useScrollToCard() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

export function Component() {
  const { data: session } = useSession();
  const outcome = useLinkOutcome();
  useScrollToCard();
  if (!session) return null;
  return (
    <div className="space-y-6">
      <PageTitle>Profile</PageTitle>
      <h1 className="text-2xl font-semibold tracking-tight">Profile</h1>
      {outcome.error && <ErrorBox message="The link is invalid or has expired. Ask for a new one." />}
      {outcome.verified && !outcome.error && <Notice tone="success">Your email address is verified.</Notice>}
      {/* Keyed by user so that edits in progress never carry over to another account. */}
      <ProfileInformation key={session.user.id} user={session.user} />
      <SessionInformation session={session} />
      <SessionDebug session={session} />
      <MySessionsCard />
      <SecurityActivityCard userId={session.user.id} />
      {/* A guest has no address of their own to change, and gets no lasting credentials. */}
      {!session.user.isAnonymous && (
        <>
          <ChangeEmailCard key={`${session.user.id}-email`} user={session.user} />
          <PasswordCard key={`${session.user.id}-password`} user={session.user} />
          <ApiKeysCard key={`${session.user.id}-keys`} user={session.user} />
          <PasskeysCard user={session.user} />
          <TwoFactorCard key={`${session.user.id}-two-factor`} user={session.user} />
          <SignInAlertsCard key={`${session.user.id}-sign-in-alerts`} />
          <LinkedAccountsCard key={`${session.user.id}-linked-accounts`} returnError={outcome.linkError} />
          <ConnectedAppsCard key={`${session.user.id}-applications`} />
          <MyAccessCard />
          <MyInvitationsCard emailVerified={session.user.emailVerified} />
        </>
      )}
      <DeleteAccountCard key={`${session.user.id}-delete`} user={session.user} />
    </div>
  );
}
