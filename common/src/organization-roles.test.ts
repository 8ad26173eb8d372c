import { describe, expect, it } from 'vitest';
import { grantableRoles, permissionsOfRoles, type CustomRole } from './organization-roles';

const customRoles: Pick<CustomRole, 'role' | 'permission'>[] = [
  { role: 'inviter', permission: { invitation: ['create', 'cancel'] } },
  { role: 'auditor', permission: { ac: ['read'] } },
  { role: 'remover', permission: { member: ['delete'], organization: ['delete'] } },
];
const caller = (role: string) => ({ role, permissions: permissionsOfRoles(role, customRoles) });

describe('the roles a caller may give', () => {
  it('gives an owner every role, custom ones included', () => {
    expect(grantableRoles(caller('owner'), customRoles)).toEqual([
      'owner',
      'admin',
      'member',
      'inviter',
      'auditor',
      'remover',
    ]);
  });

  it('never offers owner to an admin, nor a custom role holding organization:delete', () => {
    expect(grantableRoles(caller('admin'), customRoles)).toEqual(['admin', 'member', 'inviter', 'auditor']);
  });

  it('offers a custom role only the roles whose every permission it holds', () => {
    expect(grantableRoles(caller('inviter'), customRoles)).toEqual(['inviter']);
    expect(grantableRoles(caller('inviter,auditor'), customRoles)).toEqual(['member', 'inviter', 'auditor']);
  });

  it('offers a member only member and what holds no more than ac:read', () => {
    expect(grantableRoles(caller('member'), customRoles)).toEqual(['member', 'auditor']);
  });

  it('offers owner to an owner among other roles', () => {
    expect(grantableRoles(caller('admin,owner'), [])).toEqual(['owner', 'admin', 'member']);
  });
});
