import type { TestContext } from '#test/test-context';

/** Rows whose change would mean an admin action went through. */
export async function platformSnapshot(context: TestContext) {
  const { db } = context.database;
  return {
    users: await db
      .selectFrom('user')
      .select(['id', 'email', 'name', 'role', 'banned', 'emailVerified'])
      .orderBy('id')
      .execute(),
    accounts: await db
      .selectFrom('account')
      .select(['id', 'userId', 'providerId', 'password'])
      .orderBy('userId')
      .orderBy('id')
      .execute(),
    sessions: await db.selectFrom('session').select(['id', 'userId', 'impersonatedBy']).orderBy('id').execute(),
    organizations: await db.selectFrom('organization').select(['id', 'name', 'slug']).orderBy('id').execute(),
    members: await db.selectFrom('member').select(['id', 'organizationId', 'role']).orderBy('id').execute(),
    invitations: await db.selectFrom('invitation').select(['id', 'status']).orderBy('id').execute(),
  };
}
