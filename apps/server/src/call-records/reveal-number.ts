import { ErrorCode, type RevealedNumber } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { resolveNumber, UnresolvedNumber } from '../projects/resolve-number.ts';
import { AppError } from '../http/app-error.ts';
import { getCompanyPermissions } from '../entitlements/get-company-permissions.ts';
import { visibleCall } from './call-record-row.ts';

export interface RevealOptions {
  /** The CUSTOM decryption API's fetch (tests point it at a local server; default the global fetch). */
  fetch?: typeof fetch;
}

/**
 * A call's number in clear, for whoever may see the call (ADMIN and DEV: their company's calls; OPR: the
 * calls of projects they are assigned to — others answer 404) when the provider allows the company number
 * reveal (`numberReveal`, operation area; 403 otherwise). PLAIN_TEXT is answered as stored, HEX decoded,
 * CUSTOM resolved through the project's API exactly as the dialer does (409 when it fails); MD5 is a hash
 * and cannot be revealed (409). Every reveal is audited — who, which call, when — before the number
 * leaves, and the entry never holds the number.
 */
export async function revealNumber(ctx: ActionContext, id: string, options: RevealOptions = {}): Promise<RevealedNumber> {
  const { call, encryptionType, encryptionApiUrl } = await visibleCall(ctx, id);
  const permissions = await getCompanyPermissions(ctx.db, ctx.actor.companyId);
  if (!permissions.numberReveal) throw new AppError(ErrorCode.FORBIDDEN, 'e.callRecords.revealDisabled');
  if (encryptionType === 'MD5') throw new AppError(ErrorCode.CONFLICT, 'e.callRecords.hashed');
  let phone: string;
  try {
    phone = await resolveNumber(call.phone, encryptionType, encryptionApiUrl, { fetch: options.fetch });
  } catch (error) {
    if (error instanceof UnresolvedNumber) throw new AppError(ErrorCode.CONFLICT, 'e.callRecords.revealFailed');
    throw error;
  }
  await ctx.db.transaction((tx) =>
    recordAudit(tx, auditWho(ctx), {
      action: 'reveal',
      entity: 'call',
      entityId: call.id,
      changes: { field: 'phone', projectId: call.projectId, taskId: call.taskId, encryptionType },
    }),
  );
  return { phone };
}
