import type { BetterAuthPluginDBSchema } from '@better-auth/core/db';

/**
 * The fields this plugin adds to the organization plugin's tables. Neither is an input of the
 * organization plugin's endpoints: only this plugin's endpoints change them, under the team rules.
 */
export const teamPermissionsSchema = {
  team: {
    fields: {
      permissionMode: { type: 'string', required: false, defaultValue: 'inherited', input: false },
    },
  },
  teamMember: {
    fields: {
      role: { type: 'string', required: false, defaultValue: 'member', input: false },
    },
  },
} satisfies BetterAuthPluginDBSchema;

/** The rows this plugin reads, as stored (older rows may lack the added fields). */
export interface TeamRow {
  id: string;
  name: string;
  organizationId: string;
  permissionMode?: string | null;
  createdAt: Date | string;
}

export interface TeamMemberRow {
  id: string;
  teamId: string;
  userId: string;
  role?: string | null;
  createdAt?: Date | string | null;
}

export interface MemberRow {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
}

export interface UserRow {
  id: string;
  name: string;
  email: string;
  image?: string | null;
}
