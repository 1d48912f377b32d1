import { and, eq } from 'drizzle-orm';
import { credentialFieldsOf, ErrorCode, staleEditData, type SpeechCredential, type SpeechCredentialSaveInput } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../db/record-audit.ts';
import { speechCredentials } from '../../db/schema.ts';
import { nextEditVersion } from '../../db/edit-version.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { findCredentialRow, openSecrets } from '../../speech/company-speech-credentials.ts';
import { credentialView, mustFindCompany, secretNames } from './speech-credential-row.ts';

/**
 * Creates or replaces one provider's credentials for a company. Settings are taken as given (blank
 * clears an optional one); a blank secret keeps the stored value, so an edit need not re-enter keys.
 * The audit entry names the fields that changed, never a value. The form sends the version it opened (none
 * when nothing was configured): a save over someone else's newer one, or a second first save, is refused.
 */
export async function saveSpeechCredential(
  ctx: ActionContext,
  secrets: SecretBox,
  input: SpeechCredentialSaveInput,
): Promise<SpeechCredential> {
  return ctx.db.transaction(async (tx) => {
    await mustFindCompany(tx, input.companyId);
    const ofProvider = and(eq(speechCredentials.companyId, input.companyId), eq(speechCredentials.provider, input.provider));
    const [locked] = await tx.select({ version: speechCredentials.version }).from(speechCredentials).where(ofProvider).for('update');
    // Not configured reads as version 0, which no form can send: a stale "first save" is refused like any other.
    const version = nextEditVersion(locked ?? { version: 0 }, input.version ?? 0);
    const before = await findCredentialRow(tx, input.companyId, input.provider);
    const stored = before ? openSecrets(secrets, before.row.secretsSealed) : {};
    const settings: Record<string, string> = {};
    const secretValues: Record<string, string> = {};
    const changed: string[] = [];
    for (const f of credentialFieldsOf(input.provider)) {
      const given = input.fields[f.name] ?? '';
      if (f.secret) {
        const value = given || stored[f.name] || '';
        if (value) secretValues[f.name] = value;
        if (given && given !== stored[f.name]) changed.push(f.name);
        if (f.required && !value) throw AppError.onField(`fields.${f.name}`, 'e.speechCredential.secretRequired', { field: f.name });
      } else {
        if (given) settings[f.name] = given;
        if (given !== (before?.row.settings[f.name] ?? '')) changed.push(f.name);
      }
    }
    if (input.provider === 'ali' || input.provider === 'ali_sea') {
      const pair = settings.accessKeyId && secretValues.accessKeySecret;
      if (!pair && !secretValues.token) throw new AppError(ErrorCode.VALIDATION, 'e.speechCredential.aliAuth');
    }
    if (before && changed.length === 0)
      return credentialView(input.provider, before.row, before.updatedBy, secretNames(input.provider, secretValues));
    const values = {
      settings,
      secretsSealed: Object.keys(secretValues).length ? secrets.seal(JSON.stringify(secretValues)) : null,
      version,
      updatedBy: ctx.actor.userId,
      updatedAt: new Date(),
    };
    if (before) {
      await tx.update(speechCredentials).set(values).where(ofProvider);
    } else {
      // Two first saves at once: the row lock above had nothing to lock, so the unique key decides.
      const inserted = await tx
        .insert(speechCredentials)
        .values({ companyId: input.companyId, provider: input.provider, ...values, createdBy: ctx.actor.userId })
        .onConflictDoNothing()
        .returning({ version: speechCredentials.version });
      if (inserted.length === 0) throw new AppError(ErrorCode.CONFLICT, 'e.staleEdit', {}, staleEditData(1));
    }
    await recordAudit(tx, auditWho(ctx), {
      action: before ? 'update' : 'create',
      entity: 'speechCredential',
      entityId: input.companyId,
      changes: { provider: input.provider, fieldsChanged: changed },
    });
    const after = (await findCredentialRow(tx, input.companyId, input.provider))!;
    return credentialView(input.provider, after.row, after.updatedBy, secretNames(input.provider, secretValues));
  });
}
