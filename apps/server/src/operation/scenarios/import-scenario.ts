import { and, eq, sql } from 'drizzle-orm';
import {
  ErrorCode,
  formatIssue,
  pathText,
  processorSlots,
  scenarioExportSchema,
  translate,
  type FailedPath,
  type Locale,
  type ScenarioDocument,
  type ScenarioParsed,
  type ScenarioSaved,
} from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { processors } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { failedPaths, referenceProblems } from './check-references.ts';
import { insertScenario, nameTaken } from './save-scenario.ts';

function formatFailed(fields: FailedPath[]): AppError {
  return new AppError(ErrorCode.VALIDATION, 'e.scenario.formatFailed', {}, { fields });
}

function setAt(target: unknown, path: (string | number)[], value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
}

/**
 * Checks an import file without saving it: the export schema, then the processor references. An id
 * unknown here is mapped onto the processor of the same alias and type, when the file lists it and this
 * installation has one. Every problem comes back at once as "Scenario format failed" with its path.
 */
export async function parseScenarioFile(db: DbOrTx, content: unknown, locale: Locale): Promise<ScenarioParsed> {
  const parsed = scenarioExportSchema.safeParse(content);
  if (!parsed.success) {
    throw formatFailed(parsed.error.issues.map((issue) => ({ path: pathText(issue.path), message: formatIssue(issue, locale) })));
  }
  const document: ScenarioDocument = structuredClone(parsed.data.scenario);
  const listed = new Map(parsed.data.processors.map((p) => [p.id, p]));
  const remapped: string[] = [];
  const unmapped: FailedPath[] = [];
  for (const slot of processorSlots(document)) {
    const [here] = await db.select({ id: processors.id }).from(processors).where(eq(processors.id, slot.processorId));
    if (here) continue;
    const entry = listed.get(slot.processorId);
    const [match] = entry
      ? await db
          .select({ id: processors.id })
          .from(processors)
          .where(and(sql`lower(${processors.alias}) = lower(${entry.alias})`, eq(processors.type, entry.type)))
      : [];
    if (match) {
      setAt(document, slot.path, match.id);
      remapped.push(pathText(slot.path));
    } else if (entry) {
      unmapped.push({
        path: pathText(['scenario', ...slot.path]),
        message: translate('e.scenario.processorUnmapped', locale, { alias: entry.alias, type: entry.type }),
      });
    }
  }
  const problems = await referenceProblems(db, document);
  const fields = [...unmapped, ...failedPaths(problems, locale, ['scenario']).filter((f) => !unmapped.some((u) => u.path === f.path))];
  if (fields.length > 0) throw formatFailed(fields);
  return { document, remapped };
}

/** A free name for an imported copy: the file's name, else "name (2)", "name (3)"… */
async function freeName(tx: Tx, name: string): Promise<string> {
  if (!(await nameTaken(tx, name))) return name;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const candidate = `${name.slice(0, 50 - suffix.length)}${suffix}`;
    if (!(await nameTaken(tx, candidate))) return candidate;
  }
}

/** Imports a file as a new scenario (version 1). */
export async function importScenario(ctx: ActionContext, content: unknown, locale: Locale): Promise<ScenarioSaved> {
  return ctx.db.transaction(async (tx) => {
    const { document } = await parseScenarioFile(tx, content, locale);
    return insertScenario(tx, ctx, { ...document, name: await freeName(tx, document.name) }, 'import');
  });
}
