import { describe, expect, it } from 'vitest';
import { organizationPath } from './organization-path';

describe('organizationPath', () => {
  it('names an organization and what is under it', () => {
    expect(organizationPath('org-1')).toBe('/admin/organizations/org-1');
    expect(organizationPath('org-1', 'members', 'm-2')).toBe('/admin/organizations/org-1/members/m-2');
  });

  it('encodes every id: a slash, a query or a fragment stays in it', () => {
    expect(organizationPath('x/users', 'invitations', 'a/b?c=1#d')).toBe(
      '/admin/organizations/x%2Fusers/invitations/a%2Fb%3Fc%3D1%23d',
    );
  });
});
