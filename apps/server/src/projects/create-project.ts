import { ErrorCode, type Project, type ProjectInput } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { projects } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { AppError } from '../http/app-error.ts';
import { requireFeature } from '../entitlements/require-feature.ts';
import { auditWho, recordAudit } from '../db/record-audit.ts';
import { checkOutboundField } from '../net/check-outbound-field.ts';
import { getProject } from './project-row.ts';
import { setProjectOperators } from './project-operators.ts';

/** Creates a project in the caller's company; a name already used there (any case) answers 409. */
export async function createProject(ctx: ActionContext, input: ProjectInput): Promise<Project> {
  if (input.encryptionType === 'CUSTOM') {
    await requireFeature(ctx.db, ctx.actor.companyId, 'customEncryption');
    await checkOutboundField(input.encryptionApiUrl, 'encryptionApiUrl');
  }
  const values = {
    companyId: ctx.actor.companyId,
    name: input.name,
    encryptionType: input.encryptionType,
    encryptionApiUrl: input.encryptionType === 'CUSTOM' ? (input.encryptionApiUrl ?? null) : null,
    createdBy: ctx.actor.userId,
  };
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(projects).values(values).returning({ id: projects.id });
      const { added } = await setProjectOperators(tx, ctx, row!.id, input.operatorIds ?? []);
      await recordAudit(tx, auditWho(ctx), {
        action: 'create',
        entity: 'project',
        entityId: row!.id,
        changes: {
          name: values.name,
          encryptionType: values.encryptionType,
          encryptionApiUrl: values.encryptionApiUrl,
          operatorIds: added,
        },
      });
      return getProject(tx, ctx, row!.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'projects_name_key')) throw new AppError(ErrorCode.CONFLICT, 'e.project.nameTaken', { name: input.name });
    throw error;
  }
}
