import { APIError } from 'better-auth/api';
import { organizationSlugSchema } from '#common/organization-page';
import { nameSchema } from '#common/validation';
import { ORGANIZATION_RULE_ERROR_CODES as CODES } from './error-codes';
import { fieldOf } from './request-fields';
import { askingMember, can, exact, invalid, validated, type Rule } from './rule';

/**
 * `/organization/update` takes a name and a slug only, by our rules (decision 0092). The logo comes
 * from our upload route alone: an arbitrary URL would make every member's browser fetch it (a
 * tracking pixel, or worse). Metadata and the policies are not for this endpoint either.
 */
export const settingsRules: Rule[] = [
  {
    path: '/organization/update',
    check: async (ctx, db) => {
      const data = fieldOf(ctx.body, 'data');
      if (typeof data !== 'object' || data === null) return;
      for (const field of Object.keys(data)) {
        if (field === 'logo') throw invalid('The logo is changed by uploading a picture on the organization page');
        if (field !== 'name' && field !== 'slug') throw invalid(`${field} cannot be changed here`);
      }
      if (fieldOf(data, 'name') !== undefined) validated(nameSchema, fieldOf(data, 'name'));
      if (fieldOf(data, 'slug') === undefined) return;
      const slug = exact(organizationSlugSchema, fieldOf(data, 'slug'), 'Slug');
      const asking = await askingMember(ctx, db);
      if (!asking) return;
      const { organizationId, standing } = asking;
      if (!can(standing, 'organization', 'update')) return;
      const taken = await db
        .selectFrom('organization')
        .select('id')
        .where('slug', '=', slug)
        .where('id', '!=', organizationId)
        .executeTakeFirst();
      if (taken) throw APIError.from('CONFLICT', CODES.ORGANIZATION_SLUG_TAKEN);
    },
  },
];
