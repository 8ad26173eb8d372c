import { pluginErrorCodes } from '../plugin-error-codes';

/** Refusals of the guest upgrade. */
export const GUEST_UPGRADE_ERROR_CODES = pluginErrorCodes(
  'GUEST_WORK_NOT_MOVED',
  'NOT_WHILE_IMPERSONATING',
  'GUEST_LINK_ASKED_ELSEWHERE',
);
