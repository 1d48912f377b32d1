import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Processor, type ProcessorOption } from '@dialwise/contracts';
import { configureOutbound } from '../../net/outbound-guard.ts';
import { call, useTestServer } from '../../../test/helper.ts';
import { addLlm, addProcessor, addProcessorSet, must, operationUsers, processorInput, scenarioDoc } from '../../../test/operation.ts';
import { auditLog, companyGrants } from '../../db/schema.ts';

// The test models live at 127.0.0.1 (the guard refuses loopback unless allowed).
configureOutbound({ allowHosts: ['127.0.0.1'] });

const server = useTestServer();
const en = { 'accept-language': 'en-US' };

async function tryCreate(token: string, body: unknown) {
  return call<Processor>(server, '/api/operation/processors/create', { token, body, headers: en });
}

describe('processor catalogue', () => {
  it('DEV adds a processor with every field and reads it back, LLM company and model included', async () => {
    const { dev } = await operationUsers(server);
    const llmId = await addLlm(server, dev, { vendor: 'Qwen', calledName: 'qwen-plus' });
    const created = await must<Processor>(
      server,
      dev,
      '/api/operation/processors/create',
      processorInput(llmId, {
        alias: 'judge',
        type: 'referee',
        state: 'invalid',
        isPublic: true,
        temperature: 0,
        topP: 0.9,
        extraOptions: '{"max_tokens": 16, "stop": ["\\n"]}',
      }),
    );
    expect(created).toMatchObject({
      alias: 'judge',
      type: 'referee',
      state: 'invalid',
      isPublic: true,
      llmId,
      llmVendor: 'Qwen',
      llmModel: 'qwen-plus',
      temperature: 0,
      topP: 0.9,
      extraOptions: { max_tokens: 16, stop: ['\n'] },
      usedBy: [],
      updatedBy: 'devon',
    });
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(entry).toMatchObject({ action: 'create', entity: 'processor', actorName: 'devon' });
  });

  it('lists with filters by type, state and keyword', async () => {
    const { dev } = await operationUsers(server);
    const llmId = await addLlm(server, dev);
    await addProcessor(server, dev, llmId, { alias: 'talk', type: 'stream' });
    await addProcessor(server, dev, llmId, { alias: 'judge', type: 'referee' });
    await addProcessor(server, dev, llmId, { alias: 'old', type: 'stream', state: 'invalid', systemPrompt: 'Legacy prompt' });
    const list = (body: unknown) => must<{ list: Processor[]; total: number }>(server, dev, '/api/operation/processors/list', body);
    expect((await list({})).total).toBe(3);
    expect((await list({ type: 'stream' })).list.map((p) => p.alias).sort()).toEqual(['old', 'talk']);
    expect((await list({ type: 'stream', state: 'valid' })).list.map((p) => p.alias)).toEqual(['talk']);
    expect((await list({ keyword: 'legacy' })).list.map((p) => p.alias)).toEqual(['old']);
    expect((await list({ pageSize: 2, page: 2 })).list).toHaveLength(1);
    const options = await must<ProcessorOption[]>(server, dev, '/api/operation/processors/options', {});
    expect(options.map((o) => `${o.type}:${o.alias}:${o.state}`)).toEqual([
      'referee:judge:valid',
      'stream:old:invalid',
      'stream:talk:valid',
    ]);
  });

  it('alias: 10 characters pass, 11 fail, a space fails', async () => {
    const { dev } = await operationUsers(server);
    const llmId = await addLlm(server, dev);
    expect((await tryCreate(dev, processorInput(llmId, { alias: 'a'.repeat(10) }))).body.code).toBe(200);
    const long = await tryCreate(dev, processorInput(llmId, { alias: 'b'.repeat(11) }));
    expect(long.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'Alias must be 1–10 characters' });
    const spaced = await tryCreate(dev, processorInput(llmId, { alias: 'my proc' }));
    expect(spaced.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'Alias must not contain spaces' });
  });

  it('temperature 0–2 and top P 0–1 at their bounds', async () => {
    const { dev } = await operationUsers(server);
    const llmId = await addLlm(server, dev);
    let n = 0;
    const code = async (extra: Record<string, unknown>) =>
      (await tryCreate(dev, processorInput(llmId, { alias: `p${n++}`, ...extra }))).body;
    for (const temperature of [0, 2]) expect((await code({ temperature })).code).toBe(200);
    expect(await code({ temperature: -0.1 })).toMatchObject({ code: 400, message: 'Temperature must be between 0 and 2' });
    expect(await code({ temperature: 2.1 })).toMatchObject({ code: 400, message: 'Temperature must be between 0 and 2' });
    for (const topP of [0, 1]) expect((await code({ topP })).code).toBe(200);
    expect(await code({ topP: 1.1 })).toMatchObject({ code: 400, message: 'Top P must be between 0 and 1' });
    expect(await code({ topP: -0.1 })).toMatchObject({ code: 400, message: 'Top P must be between 0 and 1' });
  });

  it('extra options must be a JSON object; bad JSON says so clearly', async () => {
    const { dev } = await operationUsers(server);
    const llmId = await addLlm(server, dev);
    expect((await tryCreate(dev, processorInput(llmId, { extraOptions: '{"max_tokens": 25' }))).body).toMatchObject({
      code: 400,
      message: 'Extra options is not valid JSON',
      data: { fields: [{ path: 'extraOptions' }] },
    });
    expect((await tryCreate(dev, processorInput(llmId, { extraOptions: '"text"' }))).body.message).toBe(
      'Extra options must be a JSON object, e.g. {"max_tokens": 256}',
    );
    expect((await tryCreate(dev, processorInput(llmId, { extraOptions: '{"stream": true}' }))).body.message).toContain(
      'may not set model, messages, stream',
    );
    const zh = await call(server, '/api/operation/processors/create', {
      token: dev,
      body: processorInput(llmId, { extraOptions: '{' }),
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.message).toBe('额外参数不是合法的 JSON');
  });

  it('type, LLM company, model, system prompt and temperature are required', async () => {
    const { dev } = await operationUsers(server);
    const answer = await tryCreate(dev, { alias: 'x' });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    const paths = (answer.body.data as unknown as { fields: { path: string }[] }).fields.map((f) => f.path).sort();
    expect(paths).toEqual(['llmId', 'llmVendor', 'systemPrompt', 'temperature', 'type']);
    expect(answer.body.message).toContain('System prompt is required');
    expect(answer.body.message).toContain('Temperature is required');
  });

  it('the model must exist and belong to the chosen company', async () => {
    const { dev } = await operationUsers(server);
    const llmId = await addLlm(server, dev, { vendor: 'Qwen' });
    expect((await tryCreate(dev, processorInput(llmId, { llmVendor: 'OpenAI' }))).body).toMatchObject({
      code: 400,
      message: 'The chosen model does not belong to OpenAI',
    });
    expect((await tryCreate(dev, processorInput('00000000-0000-4000-8000-000000000000'))).body).toMatchObject({
      code: 400,
      message: 'The chosen model no longer exists; choose another',
    });
  });

  it('aliases are unique, case-insensitively', async () => {
    const { dev } = await operationUsers(server);
    const llmId = await addLlm(server, dev);
    await addProcessor(server, dev, llmId, { alias: 'Main' });
    expect((await tryCreate(dev, processorInput(llmId, { alias: 'main' }))).body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'A processor with this alias already exists',
    });
  });

  it('edits a processor and audits the difference', async () => {
    const { dev } = await operationUsers(server);
    const llmId = await addLlm(server, dev);
    const id = await addProcessor(server, dev, llmId, { alias: 'main', temperature: 0.7 });
    const edited = await must<Processor>(server, dev, '/api/operation/processors/update', {
      ...processorInput(llmId, { alias: 'main2', temperature: 1.2, state: 'invalid' }),
      id,
      version: 1,
    });
    expect(edited).toMatchObject({ alias: 'main2', temperature: 1.2, state: 'invalid' });
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'update'));
    expect(entry!.changes).toEqual({
      alias: { from: 'main', to: 'main2' },
      temperature: { from: 0.7, to: 1.2 },
      state: { from: 'valid', to: 'invalid' },
    });
  });

  it('refuses to delete a processor a scenario version uses, naming the scenarios, even after a later version dropped it', async () => {
    const { dev } = await operationUsers(server);
    const p = await addProcessorSet(server, dev);
    const saved = await must<{ id: string }>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    const refused = await call(server, '/api/operation/processors/delete', { token: dev, body: { id: p.filler }, headers: en });
    expect(refused.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'This processor is used by the scenarios Renewal reminder; remove it from them first',
    });
    // Version 2 drops the filler, but version 1 (which a running task may use) still references it.
    await must(server, dev, '/api/operation/scenarios/update', {
      id: saved.id,
      baseVersion: 1,
      document: scenarioDoc(p, { filler: null }),
    });
    expect((await call(server, '/api/operation/processors/delete', { token: dev, body: { id: p.filler } })).body.code).toBe(
      ErrorCode.CONFLICT,
    );
    const used = await must<Processor>(server, dev, '/api/operation/processors/get', { id: p.main });
    expect(used.usedBy).toEqual(['Renewal reminder']);
  });

  it('refuses to change the type of a processor a scenario uses', async () => {
    const { dev } = await operationUsers(server);
    const p = await addProcessorSet(server, dev);
    await must(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    const answer = await call(server, '/api/operation/processors/update', {
      token: dev,
      body: { ...processorInput(p.llmId, { alias: 'filler', type: 'stream' }), id: p.filler, version: 1 },
      headers: en,
    });
    expect(answer.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'The type cannot change while the scenarios Renewal reminder use this processor',
    });
  });

  it('refuses to delete a granted processor; deletes an unused one', async () => {
    const { dev, companyId } = await operationUsers(server);
    const llmId = await addLlm(server, dev);
    const granted = await addProcessor(server, dev, llmId, { alias: 'granted' });
    const spare = await addProcessor(server, dev, llmId, { alias: 'spare' });
    await server.database.db.insert(companyGrants).values({ companyId, kind: 'processor', refId: granted });
    expect((await call(server, '/api/operation/processors/delete', { token: dev, body: { id: granted }, headers: en })).body).toMatchObject(
      { code: ErrorCode.CONFLICT, message: 'This processor is granted to Acme; revoke the grants first' },
    );
    await must(server, dev, '/api/operation/processors/delete', { id: spare });
    expect((await call(server, '/api/operation/processors/get', { token: dev, body: { id: spare } })).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('ADMIN and OPR get 403 from every processor endpoint', async () => {
    const { admin, opr, dev } = await operationUsers(server);
    const llmId = await addLlm(server, dev);
    const id = await addProcessor(server, dev, llmId);
    const bodies: Record<string, unknown> = {
      list: {},
      get: { id },
      options: {},
      create: processorInput(llmId, { alias: 'new' }),
      update: { ...processorInput(llmId), id },
      delete: { id },
    };
    for (const token of [admin, opr]) {
      for (const [verb, body] of Object.entries(bodies)) {
        expect((await call(server, `/api/operation/processors/${verb}`, { token, body })).body.code, verb).toBe(ErrorCode.FORBIDDEN);
      }
    }
    expect((await must<{ total: number }>(server, dev, '/api/operation/processors/list', {})).total).toBe(1);
  });
});
