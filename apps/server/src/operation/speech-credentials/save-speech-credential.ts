import { credentialFieldsOf, ErrorCode, type SpeechCredential, type SpeechCredentialSaveInput } from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { auditWho, recordAudit } from '../../audit/record-audit.ts';
import { speechCredentials } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { credentialView, findCredentialRow, mustFindCompany, openSecrets, secretNames } from './speech-credential-row.ts';

/**
 * Creates or replaces one provider's credentials for a company. Settings are taken as given (blank
 * clears an optional one); a blank secret keeps the stored value, so an edit need not re-enter keys.
 * The audit entry names the fields that changed, never a value.
 */
export async function saveSpeechCredential(
  ctx: ActionContext,
  secrets: SecretBox,
  input: SpeechCredentialSaveInput,
): Promise<SpeechCredential> {
  return ctx.db.transaction(async (tx) => {
    await mustFindCompany(tx, input.companyId);
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
        if (f.required && !value) throw new AppError(ErrorCode.VALIDATION, 'e.speechCredential.secretRequired', { field: f.name });
      } else {
        if (given) settings[f.name] = given;
        if (given !== (before?.row.settings[f.name] ?? '')) changed.push(f.name);
      }
    }
    if (input.provider === 'ali' || input.provider === 'ali_sea') {
      const pair = settings.accessKeyId && secretValues.accessKeySecret;
      if (!pair && !secretValues.token) throw new AppError(ErrorCode.VALIDATION, 'e.speechCredential.aliAuth');
    }
    const values = {
      settings,
      secretsSealed: Object.keys(secretValues).length ? secrets.seal(JSON.stringify(secretValues)) : null,
      updatedBy: ctx.actor.userId,
      updatedAt: new Date(),
    };
    await tx
      .insert(speechCredentials)
      .values({ companyId: input.companyId, provider: input.provider, ...values, createdBy: ctx.actor.userId })
      .onConflictDoUpdate({ target: [speechCredentials.companyId, speechCredentials.provider], set: values });
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
