import { describe, expect, it, vi } from 'vitest';
import { BAN_MAX_SECONDS } from '#common/ban';
import { banUserSchema } from './ban-user';

// The console's client reads where the API is at import; in a browser, from the page's address.
vi.hoisted(() => vi.stubEnv('VITE_API_URL', 'http://localhost:3000'));

const messageFor = (banExpiresIn: string) => {
  const parsed = banUserSchema.safeParse({ banReason: '', banExpiresIn });
  return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message);
};

/** The Ban User form's duration: whole seconds or nothing, in the form's own words. */
describe('the ban form', () => {
  it.each([
    ['', undefined],
    [' 3600 ', 3600],
    [String(BAN_MAX_SECONDS), BAN_MAX_SECONDS],
  ])('reads %j as %j', (input, seconds) => {
    expect(banUserSchema.parse({ banReason: ' spam ', banExpiresIn: input })).toEqual({
      banReason: 'spam',
      banExpiresIn: seconds,
    });
  });

  it.each(['0', '-5', '1.5', '1e3', 'soon'])('refuses %j as no duration', (input) => {
    expect(messageFor(input)).toEqual(['Duration must be a whole number of seconds, or empty for a permanent ban']);
  });

  it('refuses more than a hundred years in words of the form, not of the API', () => {
    expect(messageFor(String(BAN_MAX_SECONDS + 1))).toEqual([
      `Duration is at most ${BAN_MAX_SECONDS} seconds (100 years); leave it empty for a permanent ban`,
    ]);
  });
});
