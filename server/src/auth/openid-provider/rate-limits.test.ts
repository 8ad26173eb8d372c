import { describe, expect, it } from 'vitest';
import { contextPerSuite } from '#test/suite';

const TOKEN_REQUESTS_PER_MINUTE = 600;

describe('the provider limits an application server by its address, not like one person', () => {
  const suite = contextPerSuite('sqlite', { env: { UNSAFE_DISABLE_RATE_LIMIT: 'false' } });

  const tokenRequest = () =>
    suite.context.app.fetch(
      new Request('http://localhost:3000/api/auth/oauth2/token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.9' },
        body: 'grant_type=authorization_code&code=made-up&client_id=nobody&code_verifier=x',
      }),
    );

  it(`answers ${TOKEN_REQUESTS_PER_MINUTE} token requests a minute from one address, then 429`, async () => {
    const statuses = new Map<number, number>();
    for (let sent = 0; sent < TOKEN_REQUESTS_PER_MINUTE; sent++) {
      const { status } = await tokenRequest();
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    // All refused for what they are (a made-up client), none for their number.
    expect(statuses.get(429)).toBeUndefined();
    expect((await tokenRequest()).status).toBe(429);
  });
});
