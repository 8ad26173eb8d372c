import type { AdminOrganizationListQuery, AdminUserListQuery } from '#common/admin';
import type { AuditQuery } from '#common/audit';

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
  /** The signed-in person's own audit events, page after page. */
  myAudit: ['my-audit'] as const,
  /** Whether the signed-in person gets a mail for a sign-in from somewhere new. */
  signInAlerts: ['sign-in-alerts'] as const,
  /** The applications the signed-in person allowed (Connected apps). */
  myApplications: ['my-applications'] as const,
  /** The signed-in person's accounts at identity providers (Linked accounts). */
  linkedAccounts: ['linked-accounts'] as const,
  /** What an application shows of itself on the consent screen, by client id. */
  application: (clientId: string) => ['application', clientId] as const,
  /** How the signed-in person can confirm it is them (password, passkey). */
  confirmationMethods: ['confirmation-methods'] as const,
  teams: {
    all: ['teams'] as const,
    ofOrganization: (organizationId: string) => ['teams', organizationId] as const,
  },
  team: (teamId: string) => ['team', teamId] as const,
  /** Whether a first-run setup link can still create the first admin. */
  setupLink: (token: string) => ['setup-link', token] as const,
  organizationInvitations: (organizationId: string) => ['organization-invitations', organizationId] as const,
  /**
   * One organization as its member sees it (with their permissions), and what hangs under it: its
   * member pages, its custom roles. Refreshing the organization refreshes them all.
   */
  organization: {
    detail: (organizationId: string) => ['organization', organizationId] as const,
    members: (organizationId: string, view: { search: string; twoFactor?: 'off' | undefined; cursor: string }) =>
      ['organization', organizationId, 'members', view] as const,
    allMembers: (organizationId: string) => ['organization', organizationId, 'members'] as const,
    roles: (organizationId: string) => ['organization', organizationId, 'roles'] as const,
  },
  admin: {
    users: {
      all: ['admin-users'] as const,
      list: (view: AdminUserListQuery) => ['admin-users', view] as const,
    },
    userSessions: (userId: string) => ['admin-user-sessions', userId] as const,
    /** The identities from providers linked to a user (User Details). */
    linkedIdentities: (userId: string) => ['admin-linked-identities', userId] as const,
    organizations: ['admin-organizations'] as const,
    /** A page of the organization list: under `organizations`, which refreshes every page. */
    organizationList: (view: AdminOrganizationListQuery) => ['admin-organizations', view] as const,
    /** One organization as a platform admin runs it (members, invitations, teams). */
    organization: (organizationId: string) => ['admin-organization', organizationId] as const,
    /**
     * A page of its members from a cursor ('' for the first). Under the organization's key: refreshing
     * the organization (its member count) refreshes its pages too.
     */
    organizationMembers: (organizationId: string, cursor: string) =>
      ['admin-organization', organizationId, 'members', cursor] as const,
    outbox: ['admin-outbox'] as const,
    /** The applications that sign people in with Gatehouse. */
    applications: ['admin-applications'] as const,
    /** The overview's numbers for a window of days. */
    stats: (days: number) => ['admin-stats', days] as const,
    audit: {
      all: ['admin-audit'] as const,
      list: (query: Partial<AuditQuery>) => ['admin-audit', query] as const,
    },
  },
};
