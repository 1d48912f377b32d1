import {
  ErrorCode,
  fieldLabel,
  pathText,
  processorSlots,
  translate,
  type FailedPath,
  type Locale,
  type MessageKey,
  type ScenarioDocument,
} from '@dialwise/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { outboundRefused } from '../../net/check-outbound-field.ts';
import { processorsByIds } from '../processors/list-processors.ts';

export interface Problem {
  path: (string | number)[];
  key: MessageKey;
  params?: Record<string, string>;
}

/**
 * What the schema cannot know: every referenced processor exists, is valid, and has the type its slot
 * needs (referee for referees and dynamic-LLM conditions, stream for main and rewrite streams, analysis,
 * filler); and every address the server will call for the scenario is one it may call (outboundProblems).
 */
export async function referenceProblems(db: DbOrTx, doc: ScenarioDocument): Promise<Problem[]> {
  return [...(await processorProblems(db, doc)), ...(await outboundProblems(doc))];
}

/**
 * The speech vendors' and callbacks' URLs, checked when the scenario is saved by the rule the outbound guard
 * applies when the call is made (the connection is checked again then): an internal address is refused now,
 * where the admin sees it, not on the first call.
 */
async function outboundProblems(doc: ScenarioDocument): Promise<Problem[]> {
  const urls: Array<{ path: (string | number)[]; url: string }> = [];
  for (const key of ['dialogAsr', 'operatorAsr', 'tts'] as const) {
    const url = doc[key]?.url;
    if (url) urls.push({ path: [key, 'url'], url });
  }
  doc.callbacks.forEach((callback, i) => urls.push({ path: ['callbacks', i, 'url'], url: callback.url }));
  const refused = await Promise.all(urls.map(({ url }) => outboundRefused(url)));
  return urls.filter((_, i) => refused[i]).map(({ path }) => ({ path, key: 'e.outbound.refused' }));
}

async function processorProblems(db: DbOrTx, doc: ScenarioDocument): Promise<Problem[]> {
  const slots = processorSlots(doc);
  const found = new Map((await processorsByIds(db, [...new Set(slots.map((s) => s.processorId))])).map((p) => [p.id, p]));
  const problems: Problem[] = [];
  for (const slot of slots) {
    const processor = found.get(slot.processorId);
    if (!processor) problems.push({ path: slot.path, key: 'e.scenario.processorMissing' });
    else if (processor.state !== 'valid')
      problems.push({ path: slot.path, key: 'e.scenario.processorInvalid', params: { alias: processor.alias } });
    else if (processor.type !== slot.type) {
      problems.push({
        path: slot.path,
        key: 'e.scenario.processorType',
        params: { alias: processor.alias, actual: processor.type, expected: slot.type },
      });
    }
  }
  return problems;
}

export function failedPaths(problems: Problem[], locale: Locale, prefix: (string | number)[] = []): FailedPath[] {
  return problems.map((p) => ({
    path: pathText([...prefix, ...p.path]),
    message: translate(p.key, locale, { field: fieldLabel(p.path, locale), ...p.params }),
  }));
}

/**
 * Refuses a document whose processor references or outbound URLs do not hold, listing each path in the same
 * shape (and with the same `document.` prefix) as a schema failure of the request body; the message says which.
 */
export async function assertReferences(db: DbOrTx, doc: ScenarioDocument, locale: Locale): Promise<void> {
  const problems = await referenceProblems(db, doc);
  if (problems.length === 0) return;
  const urls = problems.filter((p) => p.key === 'e.outbound.refused').length;
  const key = urls === 0 ? 'e.scenario.references' : urls === problems.length ? 'e.scenario.internalUrls' : 'e.scenario.referencesAndUrls';
  throw new AppError(ErrorCode.VALIDATION, key, {}, { fields: failedPaths(problems, locale, ['document']) });
}
