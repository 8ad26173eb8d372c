import { selectRows } from './rows';
import type { TestContext } from './test-context';

/**
 * Every row of one organization that a change to it could touch: the organization itself, its
 * members, invitations, custom roles, teams and team places. Tests compare a read before an action with one after.
 */
export async function organizationRows(context: TestContext, organizationId: string) {
  const teams = await selectRows(context, 'team', ['id', 'name', 'memberCount', 'permissionMode'], { organizationId });
  return {
    organization: await selectRows(context, 'organization', ['id', 'name', 'slug', 'logo', 'metadata', 'createdAt'], {
      id: organizationId,
    }),
    members: await selectRows(context, 'member', ['id', 'userId', 'role'], { organizationId }),
    invitations: await selectRows(context, 'invitation', ['id', 'email', 'role', 'status'], { organizationId }),
    roles: await selectRows(context, 'organizationRole', ['id', 'role', 'permission'], { organizationId }),
    teams,
    places: await selectRows(context, 'teamMember', ['teamId', 'userId', 'role'], {
      teamId: teams.map((team) => team.id),
    }),
  };
}
