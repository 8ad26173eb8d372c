import { describe, expect, it } from 'vitest';
import { organizationRoleCan } from './permissions';

describe('organizationRoleCan', () => {
  it('asks the same roles the server enforces', () => {
    expect(organizationRoleCan('owner', { organization: ['delete'] })).toBe(true);
    expect(organizationRoleCan('admin', { organization: ['delete'] })).toBe(false);
    expect(organizationRoleCan('admin', { invitation: ['create'], team: ['create'] })).toBe(true);
    expect(organizationRoleCan('member', { invitation: ['create'] })).toBe(false);
    expect(organizationRoleCan('member', { ac: ['read'] })).toBe(true);
  });

  it('passes when any held role grants it, and never for an unknown or missing role', () => {
    expect(organizationRoleCan('member,admin', { team: ['update'] })).toBe(true);
    expect(organizationRoleCan('superuser', { team: ['update'] })).toBe(false);
    expect(organizationRoleCan(null, { ac: ['read'] })).toBe(false);
  });
});
