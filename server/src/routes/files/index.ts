import { Hono } from 'hono';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/database';
import { apiError } from '../../http/api-error';
import { optionalUser, requireUser, type PrincipalVariables } from '../../http/session';
import { ImageRejected, MAX_UPLOAD_BYTES, toAvatar } from './avatar-image';
import { createFileStore } from './file-store';

/** Multipart overhead on top of the largest accepted file. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
const CATEGORIES = ['profile'] as const;
const FILE_PATH = '/api/v1/files/';

/** The id of one of our files from its URL, for any URL we handed out. */
export function fileIdFromUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  const index = url.indexOf(FILE_PATH);
  return index === -1 ? undefined : url.slice(index + FILE_PATH.length) || undefined;
}

export function fileRoutes({ auth, database, publicUrl }: { auth: Auth; database: Database; publicUrl: string }) {
  const files = createFileStore(database);

  return new Hono<{ Variables: PrincipalVariables }>()
    .post('/upload', requireUser(auth, { apiKey: true }), async (c) => {
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        return apiError(c, 400, 'BAD_REQUEST', 'Send the image as multipart/form-data with a "file" field');
      }
      const file = form.get('file');
      if (!(file instanceof File) || file.size === 0) {
        return apiError(c, 400, 'BAD_REQUEST', 'Send the image as multipart/form-data with a "file" field');
      }
      const category = String(form.get('category') ?? 'profile');
      if (!(CATEGORIES as readonly string[]).includes(category)) {
        return apiError(c, 400, 'BAD_REQUEST', `category must be one of: ${CATEGORIES.join(', ')}`);
      }
      // Profile pictures are shown to others (admin lists, team members), so they are public.
      const isPublic = String(form.get('isPublic') ?? 'true') !== 'false';
      const description = form.get('description');

      let avatar;
      try {
        avatar = await toAvatar(new Uint8Array(await file.arrayBuffer()), file.type);
      } catch (error) {
        if (error instanceof ImageRejected) {
          return apiError(
            c,
            error.status,
            error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
            error.message,
          );
        }
        throw error;
      }

      const { user } = c.get('principal');
      const id = await files.insert({
        userId: user.id,
        category,
        isPublic,
        contentType: avatar.contentType,
        data: avatar.data,
        width: avatar.width,
        height: avatar.height,
        description: typeof description === 'string' ? description.slice(0, 500) : null,
      });
      const current = fileIdFromUrl(user.image);
      await files.deleteOthers(user.id, category, current ? [id, current] : [id]);
      return c.json({ success: true, id, url: `${publicUrl}${FILE_PATH}${id}` }, 201);
    })
    .get('/:id', async (c) => {
      const file = await files.find(c.req.param('id'));
      if (file && !file.isPublic) {
        const user = await optionalUser(auth, c, { apiKey: true });
        if (user?.id !== file.userId) return apiError(c, 404, 'NOT_FOUND', 'No such file');
      }
      if (!file) return apiError(c, 404, 'NOT_FOUND', 'No such file');
      // A file never changes under its id: cache it for good.
      return c.body(new Uint8Array(file.data), 200, {
        'content-type': file.contentType,
        'content-length': String(file.size),
        'cache-control': `${file.isPublic ? 'public' : 'private'}, max-age=31536000, immutable`,
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'content-disposition': 'inline',
        'cross-origin-resource-policy': 'same-site',
        etag: `"${file.id}"`,
      });
    });
}
