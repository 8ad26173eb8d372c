import { describe, expect, it } from 'vitest';
import { roleLabel, withinChoices } from './role-choices';

describe('a member the caller may change', () => {
  it('holds only roles among the choices', () => {
    expect(withinChoices('member', ['admin', 'member'])).toBe(true);
    expect(withinChoices('admin,inviter', ['admin', 'member', 'inviter'])).toBe(true);
    expect(withinChoices('owner', ['admin', 'member'])).toBe(false);
    expect(withinChoices('admin,owner', ['admin', 'member'])).toBe(false);
    expect(withinChoices('', ['admin', 'member'])).toBe(false);
  });
});

describe('a role as the console shows it', () => {
  it('capitalises the built-in roles, keeps custom names, and joins several', () => {
    expect(roleLabel('owner')).toBe('Owner');
    expect(roleLabel('inviter')).toBe('inviter');
    expect(roleLabel('admin,inviter')).toBe('Admin, inviter');
  });
});
