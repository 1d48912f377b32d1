import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ErrorCode,
  SCENARIO_FORMAT,
  scenarioDocumentSchema,
  type ScenarioDetail,
  type ScenarioExport,
  type ScenarioListItem,
  type ScenarioParsed,
  type ScenarioSaved,
} from '@dialwise/contracts';
import { configureOutbound } from '../../net/outbound-guard.ts';
import { call, useTestServer } from '../../../test/helper.ts';
import { addProcessorSet, must, operationUsers, processorInput, scenarioDoc } from '../../../test/operation.ts';
import { auditLog, companyGrants, scenarios, users } from '../../db/schema.ts';
import { SecretBox } from '../../secrets/secret-box.ts';
import { getScenarioVersion } from './get-scenario.ts';
import { referenceProblems } from './check-references.ts';
import { seedScenariosDemo } from './seed-demo.ts';

// The test models live at 127.0.0.1 (the guard refuses loopback unless allowed).
configureOutbound({ allowHosts: ['127.0.0.1'] });

const server = useTestServer();
const en = { 'accept-language': 'en-US' };

interface Failure {
  fields: { path: string; message: string }[];
}

async function setUp() {
  const users = await operationUsers(server);
  const p = await addProcessorSet(server, users.dev);
  return { ...users, p };
}

async function create(token: string, document: unknown) {
  return call<ScenarioSaved & Failure>(server, '/api/operation/scenarios/create', { token, body: { document }, headers: en });
}

describe('scenario documents', () => {
  it('DEV saves a whole scenario (two routers, a transfer tool, a filler stream) and reads back the same document', async () => {
    const { dev, p } = await setUp();
    const saved = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    expect(saved).toMatchObject({ name: 'Renewal reminder', version: 1 });
    const detail = await must<ScenarioDetail>(server, dev, '/api/operation/scenarios/get', { id: saved.id });
    expect(detail.document).toEqual(scenarioDocumentSchema.parse(scenarioDoc(p)));
    expect(detail).toMatchObject({ currentVersion: 1, version: 1, versions: [{ version: 1, createdBy: 'devon' }] });
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.entity, 'scenario'));
    expect(entry).toMatchObject({ action: 'create', entityId: saved.id, changes: { name: 'Renewal reminder', version: 1 } });
  });

  it('name, dialog ASR and its URL, TTS and its URL are required', async () => {
    const { dev } = await setUp();
    const answer = await create(dev, { name: '', dialogAsr: { provider: 'seed', url: '' }, tts: { provider: 'ali' } });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.data.fields.map((f) => f.path).sort()).toEqual(['document.dialogAsr.url', 'document.name', 'document.tts.url']);
    const none = await create(dev, { name: 'Only a name' });
    expect(none.body.data.fields.map((f) => f.path).sort()).toEqual(['document.dialogAsr', 'document.tts']);
    expect(none.body.message).toContain('Dialog ASR is required');
  });

  it('transfer texts: 100 characters are saved, 101 refused', async () => {
    const { dev, p } = await setUp();
    const withTexts = (successText: string, failureText: string, name: string) =>
      scenarioDoc(p, {
        name,
        tools: [
          { kind: 'transfer', alias: 'to_agent', successText, failureText },
          { kind: 'hangup', alias: 'bye' },
        ],
      });
    expect((await create(dev, withTexts('s'.repeat(100), 'f'.repeat(100), 'Exactly 100'))).body.code).toBe(200);
    const long = await create(dev, withTexts('s'.repeat(101), 'ok', 'Too long'));
    expect(long.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'Success text must be at most 100 characters' });
    expect(long.body.data.fields[0]!.path).toBe('document.tools.0.successText');
    const longFailure = await create(dev, withTexts('ok', 'f'.repeat(101), 'Too long 2'));
    expect(longFailure.body.data.fields[0]).toEqual({
      path: 'document.tools.0.failureText',
      message: 'Failure text must be at most 100 characters',
    });
  });

  it('a duplicate tool alias is refused with "The alias already exists"', async () => {
    const { dev, p } = await setUp();
    const answer = await create(
      dev,
      scenarioDoc(p, {
        tools: [
          { kind: 'transfer', alias: 'to_agent' },
          { kind: 'hangup', alias: 'To_Agent' },
        ],
      }),
    );
    expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'The alias already exists' });
    expect(answer.body.data.fields).toEqual([{ path: 'document.tools.1.alias', message: 'The alias already exists' }]);
    const zh = await call(server, '/api/operation/scenarios/create', {
      token: dev,
      body: {
        document: scenarioDoc(p, {
          tools: [
            { kind: 'transfer', alias: 'to_agent' },
            { kind: 'hangup', alias: 'to_agent' },
          ],
        }),
      },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.message).toBe('该别名已存在');
  });

  it('each processor slot needs an existing, valid processor of its type', async () => {
    const { dev, p } = await setUp();
    const stream = (mainId: string, refereeId: string | null = p.judge) =>
      scenarioDoc(p, { routers: [{ name: 'Talk', target: { kind: 'stream', refereeId, mainId, rewriteId: null } }] });
    const wrongType = await create(dev, stream(p.filler));
    expect(wrongType.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'Some processors cannot be used here' });
    expect(wrongType.body.data.fields).toEqual([
      {
        path: 'document.routers.0.target.mainId',
        message: 'The processor filler is a filler processor; a stream processor is needed here',
      },
    ]);
    const refereeAsMain = await create(dev, stream(p.main, p.main));
    expect(refereeAsMain.body.data.fields[0]!.path).toBe('document.routers.0.target.refereeId');
    const missing = await create(dev, stream('00000000-0000-4000-8000-000000000000'));
    expect(missing.body.data.fields).toEqual([{ path: 'document.routers.0.target.mainId', message: 'This processor does not exist' }]);
    const wrongAnalysis = await create(
      dev,
      scenarioDoc(p, { analysis: { processorId: p.main }, filler: { processorId: p.summary, intervalMs: 1000 } }),
    );
    expect(wrongAnalysis.body.data.fields.map((f) => f.path)).toEqual(['document.analysis.processorId', 'document.filler.processorId']);
    const dynamic = await create(
      dev,
      scenarioDoc(p, {
        routers: [
          {
            name: 'Ask',
            conditions: [{ type: 'dynamicLlm', role: 'user', processorId: p.main, question: 'Is it?' }],
            target: { kind: 'tool', toolAlias: 'bye' },
          },
        ],
      }),
    );
    expect(dynamic.body.data.fields[0]!.path).toBe('document.routers.0.conditions.0.processorId');

    await must(server, dev, '/api/operation/processors/update', {
      ...processorInput(p.llmId, { alias: 'main', state: 'invalid' }),
      id: p.main,
      version: 1,
    });
    const invalid = await create(dev, stream(p.main));
    expect(invalid.body.data.fields).toEqual([{ path: 'document.routers.0.target.mainId', message: 'The processor main is invalid' }]);
  });

  it('scenario names are unique', async () => {
    const { dev, p } = await setUp();
    await must(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    expect((await create(dev, scenarioDoc(p, { name: 'renewal REMINDER' }))).body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'A scenario with this name already exists',
    });
  });
});

describe('versions', () => {
  it('an edit is saved as version 2 and version 1 stays readable, for the editor and for a running task', async () => {
    const { dev, p } = await setUp();
    const { id } = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    const saved = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/update', {
      id,
      baseVersion: 1,
      document: scenarioDoc(p, { name: 'Renewal reminder v2', filler: { processorId: p.filler, intervalMs: 900 } }),
    });
    expect(saved).toEqual({ id, name: 'Renewal reminder v2', version: 2 });
    const current = await must<ScenarioDetail>(server, dev, '/api/operation/scenarios/get', { id });
    expect(current).toMatchObject({ name: 'Renewal reminder v2', currentVersion: 2, version: 2 });
    expect(current.document.filler).toEqual({ processorId: p.filler, intervalMs: 900 });
    expect(current.versions.map((v) => v.version)).toEqual([2, 1]);
    const first = await must<ScenarioDetail>(server, dev, '/api/operation/scenarios/get', { id, version: 1 });
    expect(first).toMatchObject({ currentVersion: 2, version: 1 });
    expect(first.document.filler).toEqual({ processorId: p.filler, intervalMs: 1500 });

    const db = server.database.db;
    expect((await getScenarioVersion(db, id, 1))!.document.name).toBe('Renewal reminder');
    expect(await getScenarioVersion(db, id)).toMatchObject({ version: 2, name: 'Renewal reminder v2' });
    expect(await getScenarioVersion(db, id, 3)).toBeNull();
    expect(await getScenarioVersion(db, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect((await call(server, '/api/operation/scenarios/get', { token: dev, body: { id, version: 3 } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );

    const [row] = await db.select().from(scenarios).where(eq(scenarios.id, id));
    expect(row).toMatchObject({ name: 'Renewal reminder v2', currentVersion: 2 });
    const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'update'));
    expect(entries[0]!.changes).toEqual({ version: { from: 1, to: 2 }, name: { from: 'Renewal reminder', to: 'Renewal reminder v2' } });
  });

  it('a save based on an old version is refused (nothing overwritten); an unchanged document writes no version', async () => {
    const { dev, p } = await setUp();
    const { id } = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    await must(server, dev, '/api/operation/scenarios/update', { id, baseVersion: 1, document: scenarioDoc(p, { tags: ['a'] }) });
    const stale = await call(server, '/api/operation/scenarios/update', {
      token: dev,
      body: { id, baseVersion: 1, document: scenarioDoc(p, { tags: ['b'] }) },
      headers: en,
    });
    expect(stale.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'Someone saved version 2 meanwhile; reopen the scenario to see it before saving',
    });
    const same = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/update', {
      id,
      baseVersion: 2,
      document: scenarioDoc(p, { tags: ['a'] }),
    });
    expect(same.version).toBe(2);
    expect((await must<ScenarioDetail>(server, dev, '/api/operation/scenarios/get', { id })).versions).toHaveLength(2);
  });

  it('the list shows name, version, who saved it when, and the processors used', async () => {
    const { dev, p } = await setUp();
    const { id } = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    await must(server, dev, '/api/operation/scenarios/update', { id, baseVersion: 1, document: scenarioDoc(p, { analysis: null }) });
    await must(server, dev, '/api/operation/scenarios/create', {
      document: scenarioDoc(p, { name: 'Survey', routers: [], filler: null, analysis: null }),
    });
    const list = await must<{ list: ScenarioListItem[]; total: number }>(server, dev, '/api/operation/scenarios/list', {});
    expect(list.total).toBe(2);
    const renewal = list.list.find((s) => s.id === id)!;
    expect(renewal).toMatchObject({ name: 'Renewal reminder', version: 2, updatedBy: 'devon' });
    expect(renewal.processors.map((x) => x.alias).sort()).toEqual(['filler', 'judge', 'main', 'polish']);
    expect(list.list.find((s) => s.name === 'Survey')!.processors).toEqual([]);
    const byProcessor = await must<{ list: ScenarioListItem[] }>(server, dev, '/api/operation/scenarios/list', { processorId: p.filler });
    expect(byProcessor.list.map((s) => s.name)).toEqual(['Renewal reminder']);
    expect((await must<{ total: number }>(server, dev, '/api/operation/scenarios/list', { keyword: 'surv' })).total).toBe(1);
  });

  it('deletes a scenario with its versions, but not one granted to a company', async () => {
    const { dev, p, companyId } = await setUp();
    const { id } = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    await server.database.db.insert(companyGrants).values({ companyId, kind: 'scenario', refId: id });
    expect((await call(server, '/api/operation/scenarios/delete', { token: dev, body: { id }, headers: en })).body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'This scenario is granted to Acme; revoke the grants first',
    });
    await server.database.db.delete(companyGrants);
    await must(server, dev, '/api/operation/scenarios/delete', { id });
    expect(await getScenarioVersion(server.database.db, id, 1)).toBeNull();
    // The processors are free again.
    await must(server, dev, '/api/operation/processors/delete', { id: p.filler });
  });
});

describe('addresses the server will call', () => {
  const internal = (p: Parameters<typeof scenarioDoc>[0]) =>
    scenarioDoc(p, {
      dialogAsr: { provider: 'seed', url: 'wss://10.1.2.3/asr' },
      operatorAsr: { provider: 'ali', url: 'wss://asr.example.com/seat' },
      tts: { provider: 'minimax', url: 'https://169.254.169.254/tts' },
      callbacks: [
        { url: 'https://crm.example.com/hook', events: ['ended'] },
        { url: 'http://[::1]:8080/hook', events: ['answered'] },
        { url: 'http://192.168.1.20/hook', events: ['ended'] },
      ],
    });
  const refusedPaths = (prefix: string) =>
    [`${prefix}.callbacks.1.url`, `${prefix}.callbacks.2.url`, `${prefix}.dialogAsr.url`, `${prefix}.tts.url`].sort();

  it('speech and callback URLs at internal addresses are refused when saved (create, edit, import), each named, in both languages', async () => {
    const { dev, p } = await setUp();
    const created = await create(dev, internal(p));
    expect(created.body).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: 'Some addresses point at internal hosts the server does not call',
    });
    expect(created.body.data.fields.map((f) => f.path).sort()).toEqual(refusedPaths('document'));
    const callback = created.body.data.fields.find((f) => f.path === 'document.callbacks.1.url')!;
    expect(callback.message).toMatch(/points at an internal address .* OUTBOUND_ALLOW_HOSTS$/);
    const zh = await call<Failure>(server, '/api/operation/scenarios/create', {
      token: dev,
      body: { document: internal(p) },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.data.fields.find((f) => f.path === 'document.tts.url')!.message).toMatch(/指向内部地址/);
    expect((await must<{ total: number }>(server, dev, '/api/operation/scenarios/list', {})).total).toBe(0);

    const { id } = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    const edited = await call<Failure>(server, '/api/operation/scenarios/update', {
      token: dev,
      body: { id, baseVersion: 1, document: internal(p) },
      headers: en,
    });
    expect(edited.body.data.fields.map((f) => f.path).sort()).toEqual(refusedPaths('document'));
    expect((await must<ScenarioDetail>(server, dev, '/api/operation/scenarios/get', { id })).currentVersion).toBe(1);

    const file = await must<ScenarioExport>(server, dev, '/api/operation/scenarios/export', { id });
    const imported = await call<Failure>(server, '/api/operation/scenarios/import', {
      token: dev,
      body: { content: { ...file, scenario: { ...internal(p), name: 'Imported' } } },
      headers: en,
    });
    expect(imported.body.message).toBe('Scenario format failed');
    expect(imported.body.data.fields.map((f) => f.path).sort()).toEqual(refusedPaths('scenario'));
    expect((await must<{ total: number }>(server, dev, '/api/operation/scenarios/list', {})).total).toBe(1);
  });

  it('public addresses and hosts the operator allows are saved', async () => {
    const { dev, p } = await setUp();
    const allowed = scenarioDoc(p, { callbacks: [{ url: 'http://127.0.0.1:9/hook', events: ['ended'] }] });
    expect((await create(dev, allowed)).body.code).toBe(200);
  });
});

describe('export and import', () => {
  it('round-trips: export, import, export again gives the same document', async () => {
    const { dev, p } = await setUp();
    const { id } = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    const file = await must<ScenarioExport>(server, dev, '/api/operation/scenarios/export', { id });
    expect(file).toMatchObject({ format: SCENARIO_FORMAT, formatVersion: 1, sourceVersion: 1 });
    expect(file.processors.map((x) => `${x.alias}:${x.type}`).sort()).toEqual([
      'filler:filler',
      'judge:referee',
      'main:stream',
      'polish:stream',
      'summary:analysis',
    ]);
    const imported = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/import', {
      content: JSON.parse(JSON.stringify(file)),
    });
    expect(imported).toMatchObject({ name: 'Renewal reminder (2)', version: 1 });
    const again = await must<ScenarioExport>(server, dev, '/api/operation/scenarios/export', { id: imported.id });
    expect({ ...again.scenario, name: file.scenario.name }).toEqual(file.scenario);
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'import'));
    expect(entry).toMatchObject({ entity: 'scenario', entityId: imported.id });
  });

  it('exports an older version on request', async () => {
    const { dev, p } = await setUp();
    const { id } = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    await must(server, dev, '/api/operation/scenarios/update', { id, baseVersion: 1, document: scenarioDoc(p, { tags: [] }) });
    const old = await must<ScenarioExport>(server, dev, '/api/operation/scenarios/export', { id, version: 1 });
    expect(old).toMatchObject({ sourceVersion: 1, scenario: { tags: ['renewed', 'not_interested'] } });
  });

  it('a file that does not fit the schema: "Scenario format failed" with every failing path', async () => {
    const { dev, p } = await setUp();
    const notOurs = await call<Failure>(server, '/api/operation/scenarios/import', {
      token: dev,
      body: { content: { hello: 'world' } },
      headers: en,
    });
    expect(notOurs.body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'Scenario format failed' });
    expect(notOurs.body.data.fields.map((f) => f.path)).toEqual(expect.arrayContaining(['format', 'formatVersion', 'scenario']));
    const broken = {
      format: SCENARIO_FORMAT,
      formatVersion: 1,
      scenario: {
        ...scenarioDoc(p),
        name: '',
        tts: { provider: 'robot', url: 'https://t.example' },
        tools: [
          { kind: 'transfer', alias: 'x', successText: 'y'.repeat(101) },
          { kind: 'hangup', alias: 'x' },
        ],
      },
    };
    const answer = await call<Failure>(server, '/api/operation/scenarios/import', { token: dev, body: { content: broken }, headers: en });
    expect(answer.body.message).toBe('Scenario format failed');
    expect(answer.body.data.fields.map((f) => f.path).sort()).toEqual([
      'scenario.name',
      'scenario.routers.0.target.toolAlias',
      'scenario.tools.0.successText',
      'scenario.tools.1.alias',
      'scenario.tts.provider',
    ]);
    expect(answer.body.data.fields.find((f) => f.path === 'scenario.tools.1.alias')!.message).toBe('The alias already exists');
    const zh = await call<Failure>(server, '/api/operation/scenarios/import', {
      token: dev,
      body: { content: [] },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.body.message).toBe('场景格式校验失败');
    expect((await must<{ total: number }>(server, dev, '/api/operation/scenarios/list', {})).total).toBe(0);
  });

  it('maps processor ids from another installation by alias and type; reports those it cannot map', async () => {
    const { dev, p } = await setUp();
    const foreign = {
      main: crypto.randomUUID(),
      polish: crypto.randomUUID(),
      judge: crypto.randomUUID(),
      summary: crypto.randomUUID(),
      filler: crypto.randomUUID(),
    };
    const listed = [
      { id: foreign.main, alias: 'main', type: 'stream' },
      { id: foreign.polish, alias: 'polish', type: 'stream' },
      { id: foreign.judge, alias: 'judge', type: 'referee' },
      { id: foreign.summary, alias: 'summary', type: 'analysis' },
      { id: foreign.filler, alias: 'elsewhere', type: 'filler' },
    ];
    const file = { format: SCENARIO_FORMAT, formatVersion: 1, scenario: scenarioDoc(foreign), processors: listed };
    const failed = await call<Failure>(server, '/api/operation/scenarios/parse', { token: dev, body: { content: file }, headers: en });
    expect(failed.body.message).toBe('Scenario format failed');
    expect(failed.body.data.fields).toEqual([
      { path: 'scenario.filler.processorId', message: 'No processor here has the alias elsewhere and type filler' },
    ]);

    listed[4]!.alias = 'filler';
    const parsed = await must<ScenarioParsed>(server, dev, '/api/operation/scenarios/parse', { content: file });
    expect(parsed.document).toEqual(scenarioDocumentSchema.parse(scenarioDoc(p)));
    expect(parsed.remapped).toHaveLength(6);
    // Parsing saves nothing; importing does.
    expect((await must<{ total: number }>(server, dev, '/api/operation/scenarios/list', {})).total).toBe(0);
    expect((await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/import', { content: file })).name).toBe('Renewal reminder');
  });
});

describe('access', () => {
  it('ADMIN and OPR get 403 from every scenario endpoint', async () => {
    const { admin, opr, dev, p } = await setUp();
    const { id } = await must<ScenarioSaved>(server, dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
    const bodies: Record<string, unknown> = {
      list: {},
      get: { id },
      create: { document: scenarioDoc(p, { name: 'Other' }) },
      update: { id, baseVersion: 1, document: scenarioDoc(p) },
      delete: { id },
      export: { id },
      parse: { content: {} },
      import: { content: {} },
    };
    for (const token of [admin, opr]) {
      for (const [verb, body] of Object.entries(bodies)) {
        expect((await call(server, `/api/operation/scenarios/${verb}`, { token, body })).body.code, verb).toBe(ErrorCode.FORBIDDEN);
      }
    }
    expect((await must<{ total: number }>(server, dev, '/api/operation/scenarios/list', {})).total).toBe(1);
  });

  it('without a session every endpoint answers 401', async () => {
    const answer = await call(server, '/api/operation/scenarios/list', { body: {} });
    expect(answer.status).toBe(401);
  });
});

describe('demo data', () => {
  it('seeds a model, a processor of each type and a complete "Renewal reminder" whose references all hold', async () => {
    const { providerId } = await operationUsers(server);
    const db = server.database.db;
    const [dev] = await db.select().from(users).where(eq(users.companyId, providerId));
    const secrets = SecretBox.fromKey(Buffer.alloc(32, 7));
    const demo = await db.transaction((tx) =>
      seedScenariosDemo(tx, { devUserId: dev!.id, secrets, demoModelUrl: 'http://127.0.0.1:3000/api/demo-llm/v1' }),
    );
    const found = await getScenarioVersion(db, demo.scenarioId);
    expect(found).toMatchObject({ name: 'Renewal reminder', version: 1 });
    const document = scenarioDocumentSchema.parse(found!.document);
    expect(document.routers).toHaveLength(2);
    expect(document.tools.some((t) => t.kind === 'transfer')).toBe(true);
    expect(document.filler).not.toBeNull();
    expect(await referenceProblems(db, document)).toEqual([]);
    expect(Object.keys(demo.processorIds).sort()).toEqual(['filler', 'judge', 'main', 'polish', 'summary']);
  });
});
