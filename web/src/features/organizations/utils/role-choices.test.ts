import { describe, expect, it } from 'vitest';
import { permissionsOfRoles, type CustomRole } from '#common/organization-roles';
import { roleChoices, withinChoices } from './role-choices';

const customRoles: Pick<CustomRole, 'role' | 'permission'>[] = [
  { role: 'inviter', permission: { invitation: ['create', 'cancel'] } },
  { role: 'auditor', permission: { ac: ['read'] } },
  { role: 'remover', permission: { member: ['delete'], organization: ['delete'] } },
];
const caller = (role: string) => ({ role, permissions: permissionsOfRoles(role, customRoles) });

describe('the roles a caller may give', () => {
  it('gives an owner every role, custom ones included', () => {
    expect(roleChoices(caller('owner'), customRoles)).toEqual([
      'owner',
      'admin',
      'member',
      'inviter',
      'auditor',
      'remover',
    ]);
  });

  it('never offers owner to an admin, nor a custom role holding organization:delete', () => {
    expect(roleChoices(caller('admin'), customRoles)).toEqual(['admin', 'member', 'inviter', 'auditor']);
  });

  it('offers a custom role only the roles whose every permission it holds', () => {
    expect(roleChoices(caller('inviter'), customRoles)).toEqual(['inviter']);
    expect(roleChoices(caller('inviter,auditor'), customRoles)).toEqual(['member', 'inviter', 'auditor']);
  });

  it('offers a member only member and what holds no more than ac:read', () => {
    expect(roleChoices(caller('member'), customRoles)).toEqual(['member', 'auditor']);
  });

  it('offers owner to an owner among other roles', () => {
    expect(roleChoices(caller('admin,owner'), [])).toEqual(['owner', 'admin', 'member']);
  });
});

describe('a member the caller may change', () => {
  it('holds only roles among the choices', () => {
    expect(withinChoices('member', ['admin', 'member'])).toBe(true);
    expect(withinChoices('admin,inviter', ['admin', 'member', 'inviter'])).toBe(true);
    expect(withinChoices('owner', ['admin', 'member'])).toBe(false);
    expect(withinChoices('admin,owner', ['admin', 'member'])).toBe(false);
    expect(withinChoices('', ['admin', 'member'])).toBe(false);
  });
});
