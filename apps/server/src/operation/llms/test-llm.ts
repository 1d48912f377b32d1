import { eq } from 'drizzle-orm';
import {
  ErrorCode,
  LLM_TEST_DEFAULT_PROMPT,
  LLM_TEST_TIMEOUT,
  translate,
  type LlmTestInput,
  type LlmTestResult,
  type Locale,
} from '@dialwise/contracts';
import type { ActionContext } from '../../auth/actor.ts';
import { llms } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { chatCompletion, type ChatResult } from '../../conversation/llm-client.ts';

/** The failure in the caller's language, with the provider's own message. */
export function describeFailure(result: Extract<ChatResult, { ok: false }>, locale: Locale, timeoutMs: number): string {
  const params = { status: result.status ?? 0, detail: result.detail };
  switch (result.failure) {
    case 'http':
      if (result.status === 401 || result.status === 403) return translate('e.llm.test.unauthorized', locale, params);
      if (result.status === 404) return translate('e.llm.test.notFound', locale, params);
      return translate('e.llm.test.http', locale, params);
    case 'timeout':
      return translate('e.llm.test.timeout', locale, { seconds: Math.round(timeoutMs / 100) / 10 });
    case 'network':
      return translate('e.llm.test.network', locale, params);
    case 'badJson':
      return translate('e.llm.test.badJson', locale, params);
    case 'noReply':
      return translate('e.llm.test.noReply', locale);
  }
}

/**
 * The "test" action: one short chat completion against the model's URL with its key. A failing model
 * is a normal outcome here (answered with ok=false and why), not an error of the request.
 */
export async function testLlm(ctx: ActionContext, secrets: SecretBox, input: LlmTestInput, locale: Locale): Promise<LlmTestResult> {
  const [row] = await ctx.db.select().from(llms).where(eq(llms.id, input.id));
  if (!row) throw AppError.notFound();
  if (row.modelType !== 'chat') throw new AppError(ErrorCode.CONFLICT, 'e.llm.notChat');
  let apiKey: string | null = null;
  if (row.apiKeySealed) {
    try {
      apiKey = secrets.open(row.apiKeySealed);
    } catch {
      throw new AppError(ErrorCode.CONFLICT, 'e.llm.keyUnreadable');
    }
  }
  const timeoutMs = input.timeoutMs ?? LLM_TEST_TIMEOUT.defaultMs;
  const result = await chatCompletion(
    { url: row.url, calledName: row.calledName, keyName: row.keyName, apiKey },
    { messages: [{ role: 'user', content: input.prompt || LLM_TEST_DEFAULT_PROMPT }] },
    { timeoutMs },
  );
  if (result.ok)
    return {
      ok: true,
      reply: result.reply,
      latencyMs: result.latencyMs,
      status: result.status,
      error: null,
      failure: null,
      endpoint: result.endpoint,
    };
  return {
    ok: false,
    reply: null,
    latencyMs: result.latencyMs,
    status: result.status,
    failure: result.failure,
    error: describeFailure(result, locale, timeoutMs),
    endpoint: result.endpoint,
  };
}
