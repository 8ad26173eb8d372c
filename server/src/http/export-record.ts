import type { BetterAuthOptions } from 'better-auth';
import type { Context } from 'hono';
import type { AuditAction } from '#common/audit';
import type { AuditLog } from '../audit/audit-log';
import { clientAddressOf } from './client-address';
import type { CsvEnd } from './csv-stream';
import type { PrincipalVariables } from './session';

/**
 * What an export records once its download ends: who asked, with which filter (as the query string
 * it came with, empty for everything), how many rows left the server, and whether the file is whole.
 */
export function recordExport(
  audit: AuditLog,
  options: BetterAuthOptions,
  c: Context<{ Variables: PrincipalVariables }>,
  action: AuditAction,
  filter: object,
) {
  const actorId = c.get('principal').user.id;
  const ipAddress = clientAddressOf(c, options);
  const userAgent = c.req.header('user-agent');
  const query = new URLSearchParams(
    Object.entries(filter)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]): [string, string] => [key, String(value)]),
  ).toString();
  return (end: CsvEnd, rows: number) =>
    audit.record({
      action,
      outcome: end === 'complete' ? 'success' : 'failure',
      actorId,
      ipAddress,
      userAgent,
      details: { filter: query, rows, end },
    });
}
