import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface StoredFile {
  id: string;
  userId: string;
  category: string;
  isPublic: boolean;
  contentType: string;
  size: number;
  data: Buffer;
  createdAt: string;
}

/** Files in the database; `db` may be a transaction, for a file written with what names it. */
export function createFileStore({ db }: { db: Kysely<DB> }) {
  return {
    async insert(
      file: Omit<StoredFile, 'id' | 'createdAt' | 'size'> & {
        width: number;
        height: number;
        description: string | null;
      },
    ) {
      const id = crypto.randomBytes(18).toString('base64url');
      await db
        .insertInto('file')
        .values({
          id,
          userId: file.userId,
          category: file.category,
          isPublic: file.isPublic ? 1 : 0,
          contentType: file.contentType,
          size: file.data.byteLength,
          width: file.width,
          height: file.height,
          description: file.description,
          data: file.data,
          createdAt: new Date().toISOString(),
        })
        .execute();
      return id;
    },

    async find(id: string): Promise<StoredFile | undefined> {
      const row = await db
        .selectFrom('file')
        .select(['id', 'userId', 'category', 'isPublic', 'contentType', 'size', 'data', 'createdAt'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return { ...row, isPublic: Number(row.isPublic) === 1, data: Buffer.from(row.data) };
    },

    /** Keeps a user's storage bounded: earlier files of a category go, except those still in use. */
    async deleteOthers(userId: string, category: string, keep: string[]) {
      await db
        .deleteFrom('file')
        .where('userId', '=', userId)
        .where('category', '=', category)
        .where('id', 'not in', keep)
        .execute();
    },
  };
}
