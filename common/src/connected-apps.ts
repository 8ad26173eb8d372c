import { z } from 'zod';

/**
 * An application the person allowed to reach their account (Connected apps on the profile): what it
 * may see and when it last used that. Times are ISO-8601 text.
 */
export interface ConnectedApplication {
  clientId: string;
  name: string;
  /** The application's home page and icon, when its registration gives them. */
  uri: string | null;
  icon: string | null;
  /**
   * The scopes allowed, each in the consent screen's words (`SCOPE_DESCRIPTIONS`), so that the
   * profile shows them without that table.
   */
  scopes: Array<{ scope: string; description: string }>;
  allowedAt: string;
  /** The latest token issued or refreshed for it and this person; null when none ever was. */
  lastUsedAt: string | null;
}

/** What `DELETE /api/v1/me/applications/:clientId` answers: the application no longer reaches the account. */
export interface RevokedApplication {
  clientId: string;
  revoked: true;
}

export const CLIENT_ID_MAX_LENGTH = 200;

export const connectedApplicationParamSchema = z.object({
  clientId: z
    .string()
    .min(1, 'clientId is required')
    .max(CLIENT_ID_MAX_LENGTH, `clientId is at most ${CLIENT_ID_MAX_LENGTH} characters`),
});
