import { eq } from 'drizzle-orm';
import { ErrorCode, type Project, type ProjectUpdate } from '@dialwise/contracts';
import type { ActionContext } from '../auth/actor.ts';
import { projects } from '../db/schema.ts';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { AppError } from '../http/app-error.ts';
import { auditWho, diffChanges, recordAudit } from '../db/record-audit.ts';
import { checkOutboundField } from '../net/check-outbound-field.ts';
import { nextEditVersion } from '../db/edit-version.ts';
import { getProject, ownProject } from './project-row.ts';
import { setProjectOperators } from './project-operators.ts';

/**
 * Renames a project or moves a CUSTOM project's API URL. The encryption type is fixed at creation:
 * every stored number was checked against it, so a different type answers 409 and nothing changes.
 */
export async function updateProject(ctx: ActionContext, input: ProjectUpdate): Promise<Project> {
  if (input.encryptionType === 'CUSTOM') await checkOutboundField(input.encryptionApiUrl, 'encryptionApiUrl');
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx.select().from(projects).where(ownProject(ctx, input.id)).for('update').limit(1);
      if (!before) throw AppError.notFound();
      const version = nextEditVersion(before, input.version);
      if (before.encryptionType !== input.encryptionType) throw new AppError(ErrorCode.CONFLICT, 'e.project.encryptionLocked');
      const after = {
        name: input.name,
        encryptionApiUrl: before.encryptionType === 'CUSTOM' ? (input.encryptionApiUrl ?? null) : null,
      };
      const changes: Record<string, unknown> = diffChanges({ name: before.name, encryptionApiUrl: before.encryptionApiUrl }, after);
      // Absent operatorIds leave the assignment as it is (API clients that predate it).
      if (input.operatorIds) {
        const { added, removed } = await setProjectOperators(tx, ctx, before.id, input.operatorIds);
        if (added.length + removed.length > 0) changes.operatorIds = { added, removed };
      }
      if (Object.keys(changes).length > 0) {
        // A new assignment alone is a change of the project too: the version grows with it.
        await tx
          .update(projects)
          .set({ ...after, version, updatedAt: new Date() })
          .where(eq(projects.id, before.id));
        await recordAudit(tx, auditWho(ctx), { action: 'update', entity: 'project', entityId: before.id, changes });
      }
      return getProject(tx, ctx, before.id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'projects_name_key')) throw new AppError(ErrorCode.CONFLICT, 'e.project.nameTaken', { name: input.name });
    throw error;
  }
}
