import { describe, expect, it } from 'vitest';
import { ENGINES } from '#test/test-context';
import { expectRefusal, useTeamFixture } from '#test/fixtures/teams';

describe.each(ENGINES)('add-member on %s', (engine) => {
  const t = useTeamFixture(engine);

  it('adds the same person once, however many requests race', async () => {
    const teamId = await t.team('defined');
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.people.orgOwner.client.post('/api/auth/team-permissions/add-member', {
          teamId,
          userId: t.people.extra.id,
          role: 'member',
        }),
      ),
    );
    expect(attempts.filter((attempt) => attempt.status === 200)).toHaveLength(1);
    expect(attempts.filter((attempt) => attempt.status === 409)).toHaveLength(5);
    const rows = await t.context.database.db
      .selectFrom('teamMember')
      .select('id')
      .where('teamId', '=', teamId)
      .where('userId', '=', t.people.extra.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('says why a public team takes no members, to those who could make it private', async () => {
    const teamId = await t.team('inherited');
    const refused = t.people.teamOwner.client.post('/api/auth/team-permissions/add-member', {
      teamId,
      userId: t.people.extra.id,
    });
    await expectRefusal(refused, 400, {
      code: 'TEAM_IS_PUBLIC',
      message: 'Members are added to private teams only; make the team private first',
    });
  });
});
