import type { Transaction } from 'kysely';
import { fileIdFromUrl, organizationLogoCategory } from '../lib/file-url';
import type { DB } from './schema';

/**
 * Before a user's files go with their account: an organization whose logo is one of them shows no
 * logo (its initial) rather than a URL that answers 404 (decision 0094). Each is cleared only while
 * it still names that file: a logo uploaded meanwhile stays.
 */
export async function clearLogosUploadedBy(trx: Transaction<DB>, userId: string) {
  const prefix = organizationLogoCategory('');
  const files = await trx
    .selectFrom('file')
    .select(['id', 'category'])
    .where('userId', '=', userId)
    .where('category', 'like', `${prefix}%`)
    .execute();
  for (const file of files) {
    const organizationId = file.category.slice(prefix.length);
    const organization = await trx
      .selectFrom('organization')
      .select('logo')
      .where('id', '=', organizationId)
      .executeTakeFirst();
    if (!organization?.logo || fileIdFromUrl(organization.logo) !== file.id) continue;
    await trx
      .updateTable('organization')
      .set({ logo: null })
      .where('id', '=', organizationId)
      .where('logo', '=', organization.logo)
      .execute();
  }
}
