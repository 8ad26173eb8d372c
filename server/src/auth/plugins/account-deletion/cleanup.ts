import type { Transaction } from 'kysely';
import { deleteOrganizations } from '../../../db/organization-deletion';
import { clearLogosUploadedBy } from '../../../db/organization-logos';
import type { DB } from '../../../db/schema';

/**
 * Removes everything of a user that outlives the user row on its own or that we do not leave to
 * foreign keys: organizations they were the only member of (with their teams and invitations), their
 * memberships and team places, invitations they sent, API keys (the plugin's `referenceId` is no
 * foreign key), passkeys, two-factor secrets and files (an organization whose logo was one of them
 * shows none). In a transaction the caller holds, with the organizations locked (`guarded-cleanup.ts`):
 * all of it or none. Better Auth deletes the sessions, the sign-in accounts and the user right after;
 * should that fail, a second attempt finds this part done (decision 0036).
 */
export async function deleteRowsOf(trx: Transaction<DB>, userId: string) {
  const memberships = await trx.selectFrom('member').select('organizationId').where('userId', '=', userId).execute();
  const organizationIds = memberships.map((row) => row.organizationId);
  const shared =
    organizationIds.length === 0
      ? []
      : await trx
          .selectFrom('member')
          .select('organizationId')
          .where('organizationId', 'in', organizationIds)
          .where('userId', '!=', userId)
          .execute();
  const alone = organizationIds.filter((id) => !shared.some((row) => row.organizationId === id));
  if (alone.length > 0) await deleteOrganizations(trx, alone);
  await trx.deleteFrom('teamMember').where('userId', '=', userId).execute();
  await trx.deleteFrom('member').where('userId', '=', userId).execute();
  await trx.deleteFrom('invitation').where('inviterId', '=', userId).execute();
  await trx.deleteFrom('apikey').where('referenceId', '=', userId).execute();
  await trx.deleteFrom('passkey').where('userId', '=', userId).execute();
  await trx.deleteFrom('twoFactor').where('userId', '=', userId).execute();
  await clearLogosUploadedBy(trx, userId);
  await trx.deleteFrom('file').where('userId', '=', userId).execute();
}
