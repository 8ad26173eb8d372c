import type { AdminUserListQuery } from '#common/admin';

/**
 * Every key of the console's query cache, made here and nowhere else. A key names what the server
 * holds, not the screen that asks: two features that show the same data share its entry (and
 * refresh it through this factory, never by importing each other). A list's key is the prefix of
 * its pages' keys, so invalidating the list refreshes every page.
 */
export const queryKeys = {
  session: ['session'] as const,
  myOrganizations: ['my-organizations'] as const,
  myInvitations: ['my-invitations'] as const,
  apiKeys: ['api-keys'] as const,
  passkeys: ['passkeys'] as const,
  mySessions: ['my-sessions'] as const,
  /** How the signed-in person can confirm it is them (password, passkey). */
  confirmationMethods: ['confirmation-methods'] as const,
  teams: {
    all: ['teams'] as const,
    ofOrganization: (organizationId: string) => ['teams', organizationId] as const,
  },
  team: (teamId: string) => ['team', teamId] as const,
  organizationInvitations: (organizationId: string) => ['organization-invitations', organizationId] as const,
  admin: {
    users: {
      all: ['admin-users'] as const,
      list: (view: AdminUserListQuery) => ['admin-users', view] as const,
    },
    userSessions: (userId: string) => ['admin-user-sessions', userId] as const,
    organizations: ['admin-organizations'] as const,
    outbox: ['admin-outbox'] as const,
  },
};
