import sharp from 'sharp';
import { TestClient } from '#test/http-client';
import type { TestContext } from '#test/test-context';
import { PRINCIPALS, type Principals } from './principals';

/** What the generated requests aim at: real ids, addresses, a working API key, a PNG. */
export interface Fixtures {
  /** Real ids, by what they identify (`all` holds every one). */
  ids: Record<'user' | 'organization' | 'team' | 'invitation' | 'apiKey' | 'file' | 'all', string[]>;
  emails: string[];
  apiKey: string;
  png: Uint8Array;
}

export async function createFixtures(context: TestContext, principals: Principals): Promise<Fixtures> {
  const userIds: string[] = [];
  for (const name of PRINCIPALS) {
    const id = await principals.create(name);
    if (id) userIds.push(id);
  }
  const victim = await principals.signUp('victim');
  userIds.push(victim.id);
  const owner = new TestClient(context.app);
  const ownerCookie = principals.cookie('user')!;
  const as = (path: string, json: unknown) =>
    owner.request('POST', path, { json, headers: { cookie: ownerCookie } }).then((response) => {
      if (response.status >= 300) throw new Error(`fixture ${path} failed: ${response.status} ${response.text}`);
      return response.body as Record<string, unknown>;
    });
  // Only a verified account sends invitations: the user's address counts as proven.
  const session = await context.auth.api.getSession({ headers: new Headers({ cookie: ownerCookie }) });
  await (await context.auth.$context).internalAdapter.updateUser(session!.user.id, { emailVerified: true });
  const organization = await as('/api/auth/organization/create', { name: 'Fuzz Org', slug: 'fuzz-org' });
  const team = await as('/api/auth/organization/create-team', {
    name: 'Fuzz Team',
    organizationId: organization.id,
  });
  const invitation = await as('/api/auth/organization/invite-member', {
    email: victim.email,
    role: 'member',
    organizationId: organization.id,
  });
  const apiKey = await as('/api/auth/api-key/create', { name: 'fuzz key' });
  const png = new Uint8Array(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#3366ff' } })
      .png()
      .toBuffer(),
  );
  const form = new FormData();
  form.set('file', new File([png], 'a.png', { type: 'image/png' }));
  const upload = await owner.request('POST', '/api/v1/files/upload', { body: form, headers: { cookie: ownerCookie } });
  if (upload.status !== 201) throw new Error(`fixture upload failed: ${upload.status} ${upload.text}`);
  const named = {
    user: userIds,
    organization: [String(organization.id)],
    team: [String(team.id)],
    invitation: [String(invitation.id)],
    apiKey: [String(apiKey.id)],
    file: [String(upload.body.data.id)],
  };
  return {
    ids: { ...named, all: Object.values(named).flat() },
    emails: [victim.email, 'someone-new@fuzz.example'],
    apiKey: String(apiKey.key),
    png,
  };
}
