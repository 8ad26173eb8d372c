import { describe, expect, it } from 'vitest';
import { contextPerSuite } from '#test/suite';

/** The reference (the openAPI plugin) documents every team endpoint from its own declaration. */
describe('team-permissions in the OpenAPI reference', () => {
  const suite = contextPerSuite('sqlite');

  it('documents each endpoint: method, fields, what it does and what it answers', async () => {
    const schema = await suite.context.auth.api.generateOpenAPISchema();
    const documented = Object.entries(schema.paths as Record<string, Record<string, any>>)
      .filter(([path]) => path.startsWith('/team-permissions/'))
      .map(([path, methods]) => {
        const [method = '', operation] = Object.entries(methods)[0] ?? [];
        const fields =
          method === 'get'
            ? operation.parameters.map((parameter: { name: string }) => parameter.name)
            : Object.keys(operation.requestBody.content['application/json'].schema.properties);
        expect(operation.description, path).toMatch(/\w/);
        expect(operation.responses['200'].content['application/json'].schema.type, path).toMatch(/object|array/);
        return `${method.toUpperCase()} ${path} ${fields.join(',')}`;
      });
    expect(documented.sort()).toEqual([
      'GET /team-permissions/get-team teamId',
      'GET /team-permissions/get-team-role teamId',
      'GET /team-permissions/list-teams organizationId',
      'POST /team-permissions/add-member teamId,userId,role',
      'POST /team-permissions/check-permission teamId,permission',
      'POST /team-permissions/delete-team teamId',
      'POST /team-permissions/remove-member teamId,userId',
      'POST /team-permissions/set-permission-mode teamId,permissionMode',
      'POST /team-permissions/set-role teamId,userId,role',
    ]);
  });
});
