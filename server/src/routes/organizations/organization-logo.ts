import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { Database } from '../../db/database';
import { memberRefusal, type MemberRefusal } from '../../db/member-permission';
import { membershipTransaction } from '../../db/membership-turns';
import { lockOrganization } from '../../db/organization-lock';
import { apiError } from '../../http/api-error';
import { validate } from '../../http/validate';
import { FILE_PATH, organizationLogoCategory } from '../../lib/file-url';
import { ImageRejected, toAvatar, type Avatar } from '../files/avatar-image';
import { createFileStore } from '../files/file-store';
import { uploadFormSchema } from '../files/upload-form';
import type { OrganizationAccess, OrganizationEnv } from './organization-access';

/** `PUT /:id/logo`: a multipart form with the image as `file`, as the avatar upload takes it. */
const logoFormSchema = uploadFormSchema.pick({ file: true });

/**
 * Sets the organization's logo to a new file of the caller's (no avatar: none), and deletes its
 * earlier logo files, in one transaction under the organization's lock, in its membership turn: two
 * uploads at once leave one logo, and its file; a caller removed or demoted meanwhile is refused
 * (`memberRefusal`). Undefined when the organization is gone.
 */
async function replaceLogo(
  database: Database,
  publicUrl: string,
  organizationId: string,
  userId: string,
  avatar: Avatar | null,
): Promise<{ logo: string | null } | MemberRefusal | undefined> {
  return membershipTransaction(database, async (trx) => {
    if (!(await lockOrganization(trx, database.engine, organizationId))) return undefined;
    const refusal = await memberRefusal(trx, organizationId, userId, 'organization', 'update');
    if (refusal) return refusal;
    const category = organizationLogoCategory(organizationId);
    const id = avatar
      ? await createFileStore({ db: trx }).insert({
          userId,
          category,
          isPublic: true,
          contentType: avatar.contentType,
          data: avatar.data,
          width: avatar.width,
          height: avatar.height,
          description: null,
        })
      : undefined;
    const logo = id ? `${publicUrl}${FILE_PATH}${id}` : null;
    await trx.updateTable('organization').set({ logo }).where('id', '=', organizationId).execute();
    let earlier = trx.deleteFrom('file').where('category', '=', category);
    if (id) earlier = earlier.where('id', '!=', id);
    await earlier.execute();
    return { logo };
  });
}

/**
 * The organization's logo, through the avatar pipeline (decision 0094): the image is checked, decoded
 * and re-encoded to a 256 px WebP without metadata, served as a public file. Set and removed by those
 * who may change the organization (`organization:update`); recorded as `organization.update`.
 */
export function organizationLogoRoutes(
  database: Database,
  publicUrl: string,
  { member, permitted, record, refuse }: OrganizationAccess,
) {
  return new Hono<OrganizationEnv>()
    .put(
      '/:id/logo',
      member,
      permitted('organization', 'update', 'organization.update'),
      validate('form', logoFormSchema),
      async (c) => {
        const { file } = c.req.valid('form');
        let avatar: Avatar;
        try {
          avatar = await toAvatar(new Uint8Array(await file.arrayBuffer()), file.type);
        } catch (error) {
          if (!(error instanceof ImageRejected)) throw error;
          const code = error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE';
          record(c, 'organization.update', { details: { field: 'logo' }, refusal: code });
          return apiError(c, error.status, code, error.message);
        }
        const { organizationId } = c.get('membership');
        const outcome = await replaceLogo(database, publicUrl, organizationId, c.get('principal').user.id, avatar);
        // Deleted meanwhile; or the caller was removed or demoted while waiting for the lock.
        if (!outcome) return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
        if (typeof outcome === 'string') return refuse(c, outcome, 'organization.update');
        const logo = outcome.logo!;
        record(c, 'organization.update', { details: { field: 'logo', logo } });
        return c.json<ApiData<{ logo: string }>>({ data: { logo } });
      },
    )
    .delete('/:id/logo', member, permitted('organization', 'update', 'organization.update'), async (c) => {
      const outcome = await replaceLogo(
        database,
        publicUrl,
        c.get('membership').organizationId,
        c.get('principal').user.id,
        null,
      );
      if (!outcome) return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
      if (typeof outcome === 'string') return refuse(c, outcome, 'organization.update');
      record(c, 'organization.update', { details: { field: 'logo', logo: null } });
      return c.json<ApiData<{ logo: null }>>({ data: { logo: null } });
    });
}
