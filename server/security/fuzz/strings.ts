import fc from 'fast-check';
import { TEST_ORIGIN } from '#test/test-context';
import type { Fixtures } from './fixtures';
import { PASSWORD } from './principals';

export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty'];
export const USER_COLUMNS = ['id', 'name', 'email', 'emailVerified', 'image', 'role', 'banned', 'banReason'];
export const MORE_USER_COLUMNS = ['banExpires', 'isAnonymous', 'createdAt', 'updatedAt'];

/** Fields that hold a count, a size or a duration. */
export const isNumeric = (name: string) => /expires|limit|offset|count|amount|max|window|interval|size/i.test(name);
/** Fields that hold a flag or a time. */
export const BOOLEAN_FIELDS = ['emailVerified', 'banned', 'isAnonymous', 'enabled', 'rememberMe', 'disableRedirect'];
export const DATE_FIELDS = ['createdAt', 'updatedAt', 'banExpires', 'expiresAt'];

/** Strings: mostly plausible ones (to get past validation), then hostile and random ones. */
export function stringArbitraries(fixtures: Fixtures, choices: Record<string, string[]> = {}) {
  // NUL half the time: it is the one PostgreSQL refuses in text.
  const c0 = fc.oneof(
    fc.constant('\u0000'),
    fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  );
  const withControl = fc
    .array(fc.oneof(c0, fc.constantFrom('a', 'é', ' ', '\u007f', '\u0085')), { minLength: 1, maxLength: 12 })
    .map((parts) => parts.join(''));
  const huge = fc
    .tuple(fc.constantFrom('a', 'é', '\u0000', '💥', ' ', '%'), fc.integer({ min: 1_000, max: 200_000 }))
    .map(([char, count]) => char.repeat(count));
  const loneSurrogate = fc.constantFrom('\ud800', 'a\udfffb', '\udbff\ud800');
  const ids = fc.constantFrom(...fixtures.ids.all);
  const emails = fc.constantFrom(...fixtures.emails, 'UPPER@FUZZ.EXAMPLE');
  const plausible = fc.constantFrom(
    '',
    'not-an-email',
    'a@b',
    ' x@fuzz.example ',
    'superuser',
    'admin,owner',
    'x'.repeat(101),
    ' ',
    '0',
    '-1',
    '1.5',
    '1e999',
    '99999999999999999999',
    'nope',
    'true',
    'null',
    'undefined',
    'admin',
    'user',
    'owner',
    'member',
    PASSWORD,
    'https://example.com/avatar.png',
    `${TEST_ORIGIN}/api/v1/files/x`,
    'javascript:alert(1)',
    '//evil.example',
    '2030-01-01T00:00:00.000Z',
    "' or 1=1 --",
    '%',
    '_',
    '\\',
    '"',
    '*',
    '{email} : "x"',
    'NEAR(a b)',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    ...POLLUTION_KEYS,
  );
  const any = fc.oneof(
    { weight: 6, arbitrary: plausible },
    { weight: 3, arbitrary: ids },
    { weight: 2, arbitrary: emails },
    { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
    { weight: 4, arbitrary: withControl },
    { weight: 1, arbitrary: loneSurrogate },
    { weight: 1, arbitrary: huge },
  );
  /** Real ids of the kind the field's name asks for. */
  const idsFor = (key: string) => {
    const kind = (['user', 'organization', 'team', 'invitation', 'file'] as const).find(
      (name) => key.toLowerCase() === `${name}id`,
    );
    return fc.constantFrom(...(kind ? fixtures.ids[kind] : key === 'keyId' ? fixtures.ids.apiKey : fixtures.ids.all));
  };
  /** A valid string for the field, judged by its name, so that the request gets further. */
  const fitting = (key: string): fc.Arbitrary<string> =>
    choices[key]?.length
      ? fc.constantFrom(...choices[key])
      : /id$/i.test(key)
        ? idsFor(key)
        : /email/i.test(key)
          ? emails
          : /password/i.test(key)
            ? fc.constantFrom(PASSWORD, 'other-password-9', 'short')
            : /role/i.test(key)
              ? fc.constantFrom('admin', 'user', 'owner', 'member')
              : /name|slug/i.test(key)
                ? fc.constantFrom('Fuzz Name', 'fuzz-slug')
                : /url|image|callback/i.test(key)
                  ? fc.constantFrom('https://example.com/a.png', `${TEST_ORIGIN}/dashboard`, '/dashboard')
                  : isNumeric(key)
                    ? fc.constantFrom('10', '20', '100')
                    : /sort|filter|field/i.test(key)
                      ? fc.constantFrom('createdAt', 'name', 'role', 'email', 'asc', 'desc', 'eq')
                      : plausible;
  /** A fitting value with a control character slipped in: valid-looking up to the database. */
  const tainted = (key: string) =>
    fc
      .tuple(fitting(key), c0, fc.nat())
      .map(
        ([value, char, at]) => value.slice(0, at % (value.length + 1)) + char + value.slice(at % (value.length + 1)),
      );
  const forKey = (key: string) => fc.oneof({ weight: 3, arbitrary: fitting(key) }, { weight: 2, arbitrary: any });
  /** Strings to break a field with. */
  const hostile = (key: string) =>
    fc.oneof(
      { weight: 3, arbitrary: any },
      { weight: 3, arbitrary: tainted(key) },
      { weight: 1, arbitrary: withControl },
      {
        weight: isNumeric(key) ? 4 : 0,
        arbitrary: fc.constantFrom('-1', '1.5', '1e400', '99999999999999999999', '0x10', 'NaN', 'ten'),
      },
    );
  return { any, fitting, forKey, hostile };
}

export type StringArbitraries = ReturnType<typeof stringArbitraries>;
