import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { Database } from '../../db/database';
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
 * Sets the organization's logo to a new file of the uploader's (null: none), and deletes its earlier
 * logo files, in one transaction under the organization's lock: two uploads at once leave one logo,
 * and its file. Undefined when the organization is gone.
 */
async function replaceLogo(
  database: Database,
  publicUrl: string,
  organizationId: string,
  image: { userId: string; avatar: Avatar } | null,
): Promise<string | null | undefined> {
  return database.db.transaction().execute(async (trx) => {
    if (!(await lockOrganization(trx, database.engine, organizationId))) return undefined;
    const category = organizationLogoCategory(organizationId);
    const id = image
      ? await createFileStore({ db: trx }).insert({
          userId: image.userId,
          category,
          isPublic: true,
          contentType: image.avatar.contentType,
          data: image.avatar.data,
          width: image.avatar.width,
          height: image.avatar.height,
          description: null,
        })
      : undefined;
    const logo = id ? `${publicUrl}${FILE_PATH}${id}` : null;
    await trx.updateTable('organization').set({ logo }).where('id', '=', organizationId).execute();
    let earlier = trx.deleteFrom('file').where('category', '=', category);
    if (id) earlier = earlier.where('id', '!=', id);
    await earlier.execute();
    return logo;
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
  { member, permitted, record }: OrganizationAccess,
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
        const logo = await replaceLogo(database, publicUrl, organizationId, {
          userId: c.get('principal').user.id,
          avatar,
        });
        // No logo made: the organization was deleted meanwhile.
        if (!logo) return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
        record(c, 'organization.update', { details: { field: 'logo', logo } });
        return c.json<ApiData<{ logo: string }>>({ data: { logo } });
      },
    )
    .delete('/:id/logo', member, permitted('organization', 'update', 'organization.update'), async (c) => {
      const logo = await replaceLogo(database, publicUrl, c.get('membership').organizationId, null);
      if (logo === undefined) return apiError(c, 404, 'ORGANIZATION_NOT_FOUND');
      record(c, 'organization.update', { details: { field: 'logo', logo: null } });
      return c.json<ApiData<{ logo: null }>>({ data: { logo: null } });
    });
}
