/** An organization as its member sees it in their list (`GET /api/v1/organizations`). */
export interface MyOrganization {
  id: string;
  name: string;
  slug: string;
  createdAt: string;
  role: string;
  memberCount: number;
  teamCount: number;
}

/** A pending invitation to the caller (`GET /api/v1/invitations`). */
export interface MyInvitation {
  id: string;
  organizationId: string;
  organizationName: string;
  role: string;
  inviterEmail: string | null;
  createdAt: string;
  expiresAt: string;
}

/** A URL-safe slug from an organization name (uniqueness is the caller's business). */
export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'organization'
  );
}
