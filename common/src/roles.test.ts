import { describe, expect, it } from 'vitest';
import { isOwnerRole } from './roles';

describe('role checks', () => {
  it('finds the owner among the roles Better Auth stores, and nowhere else', () => {
    expect(isOwnerRole('owner')).toBe(true);
    expect(isOwnerRole('admin,owner')).toBe(true);
    expect(isOwnerRole('member, owner')).toBe(true);
    expect(isOwnerRole('admin')).toBe(false);
    expect(isOwnerRole('owners')).toBe(false);
    expect(isOwnerRole('')).toBe(false);
    expect(isOwnerRole(null)).toBe(false);
    expect(isOwnerRole(undefined)).toBe(false);
  });
});
