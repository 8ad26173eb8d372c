import type { Database } from '../../db/database';
import { FILE_PATH } from '../../lib/file-url';
import { sniffImageType, toAvatar } from './avatar-image';
import { createFileStore } from './file-store';

/** Makes an avatar of image bytes from elsewhere for a user, as an upload would be, and answers its URL. */
export type StoreAvatar = (userId: string, bytes: Uint8Array) => Promise<string>;

/** The avatar pipeline for pictures the server fetched itself (a provider's), not uploaded. */
export function createAvatarStore(database: Database, publicUrl: string): StoreAvatar {
  const files = createFileStore(database);
  return async (userId, bytes) => {
    // Decoded and re-encoded for real whatever the bytes claim: their own signature is their type.
    const avatar = await toAvatar(bytes, sniffImageType(bytes) ?? '');
    const id = await files.insert({
      userId,
      category: 'profile',
      isPublic: true,
      contentType: avatar.contentType,
      data: avatar.data,
      width: avatar.width,
      height: avatar.height,
      description: null,
    });
    return `${publicUrl}${FILE_PATH}${id}`;
  };
}
