import type { Database } from '../src/db/database';

export interface PlantedMember {
  /** The user's id; the member row's is `m-` and this. */
  id: string;
  email?: string;
  /** When both the account and the membership were made, as the engine stores it. */
  joined: string;
  organizationId: string;
}

/** Accounts and their memberships written straight to the database, as many as a test needs at once. */
export async function plantMembers({ db, engine }: Database, people: PlantedMember[]) {
  const flag = engine === 'postgres' ? false : 0;
  await db
    .insertInto('user')
    .values(
      people.map(({ id, email = `${id}@example.com`, joined }) => ({
        id,
        email,
        name: email,
        emailVerified: flag,
        createdAt: joined,
        updatedAt: joined,
      })),
    )
    .execute();
  await db
    .insertInto('member')
    .values(
      people.map(({ id, joined, organizationId }) => ({
        id: `m-${id}`,
        organizationId,
        userId: id,
        role: 'member',
        createdAt: joined,
      })),
    )
    .execute();
}
