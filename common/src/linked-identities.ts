import { z } from 'zod';

/** The `providerId` of an account row that holds a password: a way to sign in, never a linked identity. */
export const PASSWORD_PROVIDER_ID = 'credential';

/** One identity from a provider linked to a person's account, as an admin sees it in User Details. */
export interface AdminLinkedIdentity {
  /** The account row's id: what `DELETE /api/v1/admin/users/:id/linked-accounts/:accountId` takes. */
  id: string;
  providerId: string;
  /** The provider's name as its sign-in button shows it; its id when it is no longer configured. */
  providerLabel: string;
  /** Who the person is at the provider (its `sub`, or the account number it gives). */
  accountId: string;
  /** The address the provider gave when the identity was linked; null when none was kept. */
  email: string | null;
  linkedAt: string;
}

/** `DELETE /api/v1/admin/users/:id/linked-accounts/:accountId`: the identity is gone, and so is every session. */
export interface AdminLinkedIdentityRemoval {
  id: string;
  userId: string;
  providerId: string;
  /** How many sessions of the person ended with it (decision 0090). */
  sessionsEnded: number;
}

const idSchema = (name: string) =>
  z.string().min(1, `${name} is required`).max(200, `${name} is at most 200 characters`);

/** The path of the linked-identity routes: the user, and (to remove one) the account row. */
export const adminLinkedIdentityUserSchema = z.object({ id: idSchema('id') });
export const adminLinkedIdentityParamsSchema = z.object({ id: idSchema('id'), accountId: idSchema('accountId') });
