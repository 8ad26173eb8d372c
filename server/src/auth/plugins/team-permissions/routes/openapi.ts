import { TEAM_PERMISSION_MODES, TEAM_PERMISSIONS, TEAM_ROLES } from '#common/teams';

/** OpenAPI descriptions of the answers (the openAPI plugin reads requests from the zod schemas). */

interface ResponseSchema {
  type: 'object' | 'array';
  properties?: Record<string, unknown>;
  items?: ResponseSchema;
  required?: string[];
}

const text = (description: string) => ({ type: 'string', description });
const flag = (description: string) => ({ type: 'boolean', description });
const object = (properties: Record<string, unknown>): ResponseSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
});

const teamProperties = {
  id: text('The id of the team'),
  name: text('The name of the team'),
  organizationId: text('The organization the team belongs to'),
  permissionMode: {
    type: 'string',
    enum: [...TEAM_PERMISSION_MODES],
    description: 'inherited: public; defined: private',
  },
  createdAt: { type: 'string', format: 'date-time' },
};
const roleProperties = {
  isOwner: flag('Whether the caller owns the team'),
  isMember: flag('Whether the caller belongs to the team (everyone in the organization, for a public team)'),
  role: { type: 'string', enum: [...TEAM_ROLES], nullable: true, description: "The caller's role in the team" },
};

export const teamSchema = object(teamProperties);
export const teamRoleSchema = object(roleProperties);
export const teamDetailsSchema = object({
  team: teamSchema,
  members: {
    type: 'array',
    items: object({
      id: text('The id of the membership'),
      userId: text('The id of the member'),
      role: { type: 'string', enum: [...TEAM_ROLES] },
      createdAt: { type: 'string', format: 'date-time' },
      user: object({ id: text('User id'), name: text('Name'), email: text('Email'), image: text('Avatar URL') }),
    }),
  },
  access: object({
    ...roleProperties,
    permissions: object(Object.fromEntries(TEAM_PERMISSIONS.map((permission) => [permission, { type: 'boolean' }]))),
  }),
});
export const teamSummariesSchema: ResponseSchema = {
  type: 'array',
  items: object({ ...teamProperties, ...roleProperties, memberCount: { type: 'integer' } }),
};
export const teamMembershipSchema = object({
  id: text('The id of the membership'),
  teamId: text('The id of the team'),
  userId: text('The id of the member'),
  role: { type: 'string', enum: [...TEAM_ROLES] },
});
export const successSchema = object({ success: flag('Always true') });
export const allowedSchema = object({ allowed: { type: 'boolean' } });

/** An endpoint's `metadata`: what it does and what it answers. */
export function describeEndpoint(description: string, answer: string, schema: ResponseSchema) {
  return {
    openapi: {
      description,
      responses: { '200': { description: answer, content: { 'application/json': { schema } } } },
    },
  };
}
