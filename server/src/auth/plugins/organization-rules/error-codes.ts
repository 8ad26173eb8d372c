import { pluginErrorCodes } from '../../plugin-error-codes';

/** The organization rules' own refusals. */
export const ORGANIZATION_RULE_ERROR_CODES = pluginErrorCodes(
  'ORGANIZATION_REQUIRES_TWO_FACTOR',
  'INVITATION_DOMAIN_NOT_ALLOWED',
  'ROLE_BEYOND_YOURS',
  'OWN_ORGANIZATION_ROLE',
  'ROLE_IN_USE',
  'ORGANIZATION_SLUG_TAKEN',
);
