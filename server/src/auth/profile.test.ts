import { beforeAll, describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH } from '#common/validation';
import { signUp } from '#test/accounts';
import { TestClient } from '#test/http-client';
import { contextPerSuite } from '#test/suite';
import { ENGINES } from '#test/test-context';

describe.each(ENGINES)('profile name on %s', (engine) => {
  const suite = contextPerSuite(engine);
  let client: TestClient;
  beforeAll(async () => {
    ({ client } = await signUp(suite.context.app, { email: 'name@example.com', name: 'Name' }));
  });

  it('stores markup in a name as plain text, unchanged', async () => {
    const name = '<img src=x onerror=alert(1)>';
    expect((await client.post('/api/auth/update-user', { name })).status).toBe(200);
    expect((await client.get('/api/auth/get-session')).body?.user.name).toBe(name);
  });

  it.each([
    ['empty', '', 'Name is required'],
    ['blank', '   ', 'Name is required'],
    ['too long', 'x'.repeat(NAME_MAX_LENGTH + 1), 'Name is too long'],
  ])('refuses a %s name with a 400 and keeps the old one', async (_label, name, message) => {
    const before = (await client.get('/api/auth/get-session')).body?.user.name;
    const response = await client.post('/api/auth/update-user', { name });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect((await client.get('/api/auth/get-session')).body?.user.name).toBe(before);
  });

  it('refuses a sign-up without a usable name', async () => {
    const response = await new TestClient(suite.context.app).post('/api/auth/sign-up/email', {
      email: 'noname@example.com',
      password: 'name-password-1',
      name: '  ',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Name is required');
  });
});
