import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/database';
import { apiError } from '../../http/api-error';
import { optionalUser, requireUser, type PrincipalVariables } from '../../http/session';
import { validate } from '../../http/validate';
import { FILE_PATH, fileIdFromUrl } from '../../lib/file-url';
import { ImageRejected, MAX_UPLOAD_BYTES, toAvatar } from './avatar-image';
import { createFileStore } from './file-store';
import { fileParamsSchema, uploadFormSchema } from './upload-form';

/** Multipart overhead on top of the largest accepted file. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;

/** An uploaded file: its id, and the URL it is served at. */
export interface UploadedFile {
  id: string;
  url: string;
}

export function fileRoutes({ auth, database, publicUrl }: { auth: Auth; database: Database; publicUrl: string }) {
  const files = createFileStore(database);

  return new Hono<{ Variables: PrincipalVariables }>()
    .post('/upload', requireUser(auth, { apiKey: true }), validate('form', uploadFormSchema), async (c) => {
      const { file, category, isPublic, description } = c.req.valid('form');
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
        description,
      });
      const current = fileIdFromUrl(user.image);
      await files.deleteOthers(user.id, category, current ? [id, current] : [id]);
      const url = `${publicUrl}${FILE_PATH}${id}`;
      // `success` and `url` beside `data`: the specification fixes them for this answer.
      return c.json<ApiData<UploadedFile, { success: true; url: string }>>(
        { data: { id, url }, success: true, url },
        201,
      );
    })
    .get('/:id', validate('param', fileParamsSchema), async (c) => {
      const file = await files.find(c.req.valid('param').id);
      if (file && !file.isPublic) {
        const user = await optionalUser(auth, c, { apiKey: true });
        if (user?.id !== file.userId) return apiError(c, 404, 'FILE_NOT_FOUND');
      }
      if (!file) return apiError(c, 404, 'FILE_NOT_FOUND');
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
