import { describe, expect, it } from 'vitest';
import { adminDeleteOrganizationSchema, adminMemberRoleSchema, mainOrganizationRole } from './admin';

describe('admin organization rules', () => {
  it('reads the highest of the roles Better Auth stores, member when none is known', () => {
    expect(mainOrganizationRole('owner')).toBe('owner');
    expect(mainOrganizationRole('admin,owner')).toBe('owner');
    expect(mainOrganizationRole('member, admin')).toBe('admin');
    expect(mainOrganizationRole('member')).toBe('member');
    expect(mainOrganizationRole('auditor')).toBe('member');
    expect(mainOrganizationRole(null)).toBe('member');
  });

  it('takes one known role, and a confirmation name as typed (not trimmed)', () => {
    expect(adminMemberRoleSchema.safeParse({ role: 'admin' }).success).toBe(true);
    expect(adminMemberRoleSchema.safeParse({ role: 'admin,owner' }).error?.issues[0]?.message).toBe(
      'role must be owner, admin or member',
    );
    expect(adminDeleteOrganizationSchema.parse({ confirmName: ' Acme ' })).toEqual({ confirmName: ' Acme ' });
  });
});
