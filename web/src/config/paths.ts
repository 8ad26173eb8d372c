/** Every URL of the SPA, in one place. */
export const paths = {
  home: '/',
  auth: '/auth',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  profile: '/profile',
  organizations: '/organizations',
  team: (teamId: string) => `/teams/${encodeURIComponent(teamId)}`,
  admin: '/admin',
  adminUsers: '/admin/users',
  adminOrganizations: '/admin/organizations',
  adminOutbox: '/admin/outbox',
} as const;
