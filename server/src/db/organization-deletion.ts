import type { Transaction } from 'kysely';
import { organizationLogoCategory } from '../lib/file-url';
import type { DB } from './schema';

/**
 * Deletes organizations with everything in them: their team places, teams, invitations, members,
 * custom roles, logo files, then the organizations themselves; sessions working in them (or in one of
 * their teams) are left with none active. Row by row rather than left to foreign keys, so that nothing
 * depends on how those were declared; in the caller's transaction, all or nothing.
 */
export async function deleteOrganizations(trx: Transaction<DB>, organizationIds: string[]) {
  const teams = trx.selectFrom('team').select('id').where('organizationId', 'in', organizationIds);
  await trx.updateTable('session').set({ activeTeamId: null }).where('activeTeamId', 'in', teams).execute();
  await trx
    .updateTable('session')
    .set({ activeOrganizationId: null })
    .where('activeOrganizationId', 'in', organizationIds)
    .execute();
  await trx.deleteFrom('teamMember').where('teamId', 'in', teams).execute();
  await trx.deleteFrom('team').where('organizationId', 'in', organizationIds).execute();
  await trx.deleteFrom('invitation').where('organizationId', 'in', organizationIds).execute();
  await trx.deleteFrom('member').where('organizationId', 'in', organizationIds).execute();
  await trx.deleteFrom('organizationRole').where('organizationId', 'in', organizationIds).execute();
  await trx.deleteFrom('file').where('category', 'in', organizationIds.map(organizationLogoCategory)).execute();
  await trx.deleteFrom('organization').where('id', 'in', organizationIds).execute();
}
