/** The query flag of /auth that says the account was just deleted. */
export const ACCOUNT_DELETED_FLAG = 'deleted';
/** The query parameter of /auth that opens it on sign-up (`sign-up`) rather than sign-in. */
export const AUTH_MODE_PARAM = 'mode';

/** Every URL of the SPA, in one place. */
export const paths = {
  home: '/',
  auth: '/auth',
  /** Where a deleted account lands: the sign-in screen says so once, then drops the flag. */
  accountDeleted: `/auth?${ACCOUNT_DELETED_FLAG}=1`,
  /** /auth on its sign-up form (a guest's "Create account"). */
  signUp: `/auth?${AUTH_MODE_PARAM}=sign-up`,
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The first run's page, opened by the link the server prints while no admin exists. */
  setup: '/setup',
  /** Where an application's authorization asks the person to allow it (the provider's `consentPage`). */
  consent: '/consent',
  dashboard: '/dashboard',
  profile: '/profile',
  /** The profile's two-factor card (its heading's id, made from the card's title). */
  profileTwoFactor: '/profile#card-two-factor-authentication',
  organizations: '/organizations',
  /** One organization's own page: members, invitations, roles, settings, policies. */
  organization: (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}`,
  team: (teamId: string) => `/teams/${encodeURIComponent(teamId)}`,
  admin: '/admin',
  adminOverview: '/admin/overview',
  adminUsers: '/admin/users',
  adminOrganizations: '/admin/organizations',
  adminOrganization: (organizationId: string) => `/admin/organizations/${encodeURIComponent(organizationId)}`,
  adminApplications: '/admin/applications',
  adminOutbox: '/admin/outbox',
  adminAudit: '/admin/audit',
} as const;
