import { Hono } from 'hono';
import type { ApiData } from '#common/error-codes';
import { transferOwnershipSchema, type TransferOwnershipAnswer } from '#common/organization-page';
import { isBanned } from '../../auth/banned';
import type { Database } from '../../db/database';
import { transferOwnership, type TransferTargetAccount } from '../../db/organization-changes';
import { apiError } from '../../http/api-error';
import { validate } from '../../http/validate';
import type { OrganizationAccess, OrganizationEnv } from './organization-access';

const REFUSALS = {
  'organization-not-found': [404, 'ORGANIZATION_NOT_FOUND'],
  'not-owner': [403, 'ONLY_OWNER_TRANSFERS'],
  'member-not-found': [404, 'MEMBER_NOT_FOUND'],
  self: [400, 'TRANSFER_TO_SELF'],
  'target-not-allowed': [400, 'TRANSFER_TARGET_NOT_ALLOWED'],
} as const;

/** Who may be handed an organization: no banned account (while the ban lasts), no guest. */
const activeAndRegistered = (account: TransferTargetAccount) => !isBanned(account) && !account.isAnonymous;

/**
 * `POST /:id/transfer`: an owner hands the organization to another member, who becomes owner while
 * the caller stays as admin, in one change (decision 0094). Recorded, refusals included.
 */
export function ownershipTransferRoutes(database: Database, { member, record }: OrganizationAccess) {
  return new Hono<OrganizationEnv>().post(
    '/:id/transfer',
    member,
    validate('json', transferOwnershipSchema),
    async (c) => {
      const { organizationId } = c.get('membership');
      const { memberId } = c.req.valid('json');
      const outcome = await transferOwnership(
        database,
        organizationId,
        c.get('principal').user.id,
        memberId,
        activeAndRegistered,
      );
      if (typeof outcome === 'string') {
        const [status, code] = REFUSALS[outcome];
        record(c, 'organization.transfer', { details: { memberId }, refusal: code });
        return apiError(c, status, code);
      }
      record(c, 'organization.transfer', {
        targetUserId: outcome.ownerUserId,
        details: {
          memberId,
          previousRole: outcome.ownerPreviousRole,
          previousOwnerMemberId: outcome.previousOwnerMemberId,
        },
      });
      return c.json<ApiData<TransferOwnershipAnswer>>({
        data: { ownerMemberId: outcome.ownerMemberId, previousOwnerMemberId: outcome.previousOwnerMemberId },
      });
    },
  );
}
