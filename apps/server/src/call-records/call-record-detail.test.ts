import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type CallCustomer, type CallRecordDetail } from '@dialwise/contracts';
import { call, useTestServer } from '../../test/helper.ts';
import { seedAcmeAgents, userWithSession } from '../../test/task-fixtures.ts';
import { assignOperator, insertCall, insertSubtask, projectWithTask, setPermissions } from '../../test/call-fixtures.ts';
import { auditLog } from '../db/schema.ts';
import { recordingsDirOf } from '../telephony/index.ts';
import { configureOutbound } from '../net/outbound-guard.ts';

// The fakes listen on loopback, which the outbound guard refuses unless allowed: allowed here explicitly.
configureOutbound({ allowHosts: ['127.0.0.1'] });

const server = useTestServer();
const EN = { 'accept-language': 'en' };
const base = Date.parse('2026-03-02T08:00:00Z');

// Recordings live in a temporary data folder for this file.
const dataDir = mkdtempSync(join(tmpdir(), 'dialwise-records-'));
beforeEach(() => {
  server.app.config.dataDir = dataDir;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// The CUSTOM projects' decryption API: token "tok-<n>" → "1380000000<n>"; "tok-broken" → HTTP 500.
let decryptApi: Server;
let decryptUrl = '';
beforeAll(async () => {
  decryptApi = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const token = (JSON.parse(body) as { phone: string }).phone;
      if (token === 'tok-broken') {
        response.writeHead(500).end();
        return;
      }
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: { phone: `1380000000${token.slice(4)}` } }));
    });
  });
  await new Promise<void>((resolve) => decryptApi.listen(0, '127.0.0.1', resolve));
  const address = decryptApi.address() as { port: number };
  decryptUrl = `http://127.0.0.1:${address.port}/decrypt`;
});
afterAll(() => new Promise<void>((resolve) => decryptApi.close(() => resolve())));

async function world() {
  const { alice, olga, oscar, gina, ...seeded } = await seedAcmeAgents(server);
  const spring = { companyId: seeded.companyId, ...(await projectWithTask(server, alice, seeded.companyId, 'Spring')) };
  const globex = { companyId: seeded.otherCompanyId, ...(await projectWithTask(server, gina, seeded.otherCompanyId, 'Globex')) };
  await assignOperator(server, seeded.companyId, spring.projectId, 'olga');
  await setPermissions(server, seeded.companyId, { numberReveal: true });
  await setPermissions(server, seeded.otherCompanyId, { numberReveal: true });
  return { ...seeded, alice, gina, olga, oscar, spring, globex };
}

/** A WAV-like file of `size` bytes (byte i = i mod 251) where the dialer would have written it. */
function recordingOf(companyId: string, name: string, size = 1000): string {
  const dir = join(recordingsDirOf(dataDir), companyId);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.wav`);
  writeFileSync(path, Buffer.from(Array.from({ length: size }, (_, i) => i % 251)));
  return path;
}

const recording = (id: string, token?: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'GET',
    url: `/api/call-records/recording/${id}`,
    headers: { ...(token ? { cookie: `Authorization=${token}` } : {}), ...headers },
  });

describe('call detail', () => {
  it('answers the call masked, how it ended, its line and its conversation in time order', async () => {
    const w = await world();
    const id = await insertCall(server, w.spring, {
      sipReason: 'OK',
      hungUpBy: 'callee',
      recordingMs: 29_000,
      conversation: [
        { speaker: 'customer', text: 'Hello?', atMs: 400 },
        { speaker: 'ai', text: 'Hello, this is Acme.', atMs: 0 },
        { speaker: 'seat', text: 'Agent Lin here.', atMs: 9000 },
      ],
    });
    const answer = await call<CallRecordDetail>(server, '/api/call-records/get', { token: w.alice, body: { id } });
    expect(answer.body.data).toMatchObject({
      id,
      phone: '*******0001',
      projectName: 'Spring',
      taskName: 'Spring-t1',
      state: 'connected',
      durationMs: 30_000,
      hungUpBy: 'callee',
      lineAlias: 'line-Spring',
      recordingMs: 29_000,
    });
    expect(answer.body.data.conversation.map((line) => line.speaker)).toEqual(['ai', 'customer', 'seat']);
    expect(JSON.stringify(answer.body.data)).not.toContain('13800000001');
  });
});

describe('what a customer sees of a failure', () => {
  it("shows a customer's ADMIN that a stage failed but never the operator's reasons (an address the guard refused, how to allow it); a DEV sees them", async () => {
    const w = await world();
    const refused = 'network: refused to connect to 127.0.0.1 (allow it with OUTBOUND_ALLOW_HOSTS)';
    const failed = {
      analysisState: 'failed' as const,
      analysisDetail: refused,
      runtimeFailures: [{ atMs: 900, turnId: 't1', stage: 'main' as const, failure: 'network', detail: refused }],
    };
    const id = await insertCall(server, w.spring, failed);
    const seen = (await call<CallRecordDetail>(server, '/api/call-records/get', { token: w.alice, body: { id } })).body.data;
    expect(seen.analysisState).toBe('failed');
    expect(seen.analysisDetail).toBeNull();
    expect(seen.runtimeFailures).toEqual([{ atMs: 900, turnId: 't1', stage: 'main', failure: 'network', detail: '' }]);
    expect(JSON.stringify(seen)).not.toMatch(/OUTBOUND_ALLOW_HOSTS|127\.0\.0\.1/);
    const dev = await userWithSession(server, w.providerId, 'devon', 'DEV');
    const own = await projectWithTask(server, dev, w.providerId, 'Internal');
    const devCall = await insertCall(server, { companyId: w.providerId, ...own }, failed);
    const operator = (await call<CallRecordDetail>(server, '/api/call-records/get', { token: dev, body: { id: devCall } })).body.data;
    expect(operator.analysisDetail).toBe(refused);
    expect(operator.runtimeFailures[0]!.detail).toBe(refused);
  });
});

describe('answering-machine verdict', () => {
  it("answers the detector's verdict with the call: outcome, decision time, the measurements, the beep and the message", async () => {
    const w = await world();
    const amd = {
      outcome: 'machine' as const,
      reason: 'long-greeting',
      decisionMs: 2410,
      features: {
        initialSilenceMs: 400,
        greetingMs: 2010,
        voiceMs: 1600,
        words: 4,
        longestWordMs: 620,
        trailingSilenceMs: 40,
        earlyMediaVoiceMs: 0,
        toneHz: null,
        toneMs: null,
        sit: false,
      },
      beepAtMs: 6100,
      messageLeft: true,
    };
    const voicemail = await insertCall(server, w.spring, { status: 'voicemail', hungUpBy: 'us', amd });
    const plain = await insertCall(server, w.spring, { phone: '13800000002' });
    const detail = await call<CallRecordDetail>(server, '/api/call-records/get', { token: w.alice, body: { id: voicemail } });
    expect(detail.body.data).toMatchObject({ state: 'voicemail', amd });
    // A task that did not detect: no verdict, in the drawer and in the list.
    expect(
      (await call<CallRecordDetail>(server, '/api/call-records/get', { token: w.alice, body: { id: plain } })).body.data.amd,
    ).toBeNull();
    const listed = await call<{ list: { id: string; amd: unknown }[] }>(server, '/api/call-records/list', { token: w.alice, body: {} });
    expect(Object.fromEntries(listed.body.data.list.map((row) => [row.id, row.amd]))).toEqual({ [voicemail]: amd, [plain]: null });
    // Another company's admin sees neither the call nor its verdict.
    expect((await call(server, '/api/call-records/get', { token: w.gina, body: { id: voicemail } })).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('customer info and history', () => {
  it("gives the upload's info and the earlier calls to the same number in the same project, newest first", async () => {
    const w = await world();
    const subtaskId = await insertSubtask(server, w.companyId, w.spring.taskId, '13800000001', 'prefers afternoons');
    const first = await insertCall(server, w.spring, { placedAt: new Date(base), status: 'missed', outcome: 'busy', durationMs: 0 });
    const second = await insertCall(server, w.spring, {
      placedAt: new Date(base + 3_600_000),
      durationMs: 42_000,
      transferOutcome: 'success',
    });
    const current = await insertCall(server, w.spring, {
      placedAt: new Date(base + 7_200_000),
      subtaskId,
      prologueInfo: 'Hello Li',
      businessInfo: { plan: 'gold', name: '李雷' },
    });
    await insertCall(server, w.spring, { placedAt: new Date(base + 9_000_000) }); // later: not history
    await insertCall(server, w.spring, { placedAt: new Date(base + 60_000), phone: '13800000002' }); // another number
    const other = await projectWithTask(server, w.alice, w.companyId, 'Autumn');
    await insertCall(server, { companyId: w.companyId, ...other }, { placedAt: new Date(base + 60_000) }); // another project
    const answer = await call<CallCustomer>(server, '/api/call-records/customer', { token: w.alice, body: { id: current } });
    expect(answer.body.data).toMatchObject({
      prologueInfo: 'Hello Li',
      businessInfo: { plan: 'gold', name: '李雷' },
      remark: 'prefers afternoons',
      extra: { city: 'Hangzhou' },
      previousCalls: 2,
    });
    expect(answer.body.data.history).toEqual([
      expect.objectContaining({
        id: second,
        durationMs: 42_000,
        state: 'connected',
        outcome: 'answered',
        transferOutcome: 'success',
        taskName: 'Spring-t1',
      }),
      expect.objectContaining({ id: first, durationMs: 0, state: 'missed', outcome: 'busy' }),
    ]);
  });

  it('still answers when the subtask is gone (remark null)', async () => {
    const w = await world();
    const id = await insertCall(server, w.spring, { subtaskId: 987_654_321 });
    const answer = await call<CallCustomer>(server, '/api/call-records/customer', { token: w.alice, body: { id } });
    expect(answer.body.data).toMatchObject({ remark: null, extra: {}, history: [], previousCalls: 0 });
  });

  it("gives a test call no history: it has no number, so the project's earlier test calls are not calls to it", async () => {
    const w = await world();
    const testCall = { test: true, phone: '', subtaskId: null, sipLineId: null };
    await insertCall(server, w.spring, { ...testCall, placedAt: new Date(Date.now() - 600_000) });
    const id = await insertCall(server, w.spring, testCall);
    const answer = await call<CallCustomer>(server, '/api/call-records/customer', { token: w.alice, body: { id } });
    expect(answer.body.data).toMatchObject({ history: [], previousCalls: 0 });
    // A real call of the same project still has its history (the earlier test calls are not in it either).
    const real = await insertCall(server, w.spring, {});
    const realAnswer = await call<CallCustomer>(server, '/api/call-records/customer', { token: w.alice, body: { id: real } });
    expect(realAnswer.body.data.previousCalls).toBe(0);
  });
});

describe('number reveal', () => {
  const reveal = (token: string, id: string) =>
    call<{ phone: string }>(server, '/api/call-records/reveal', { token, body: { id }, headers: EN });

  it("reveals PLAIN_TEXT as stored, HEX decoded, CUSTOM through the project's API; MD5 is refused as a hash", async () => {
    const w = await world();
    const plain = await insertCall(server, w.spring, { phone: '+8613800000001' });
    const hex = await projectWithTask(server, w.alice, w.companyId, 'Hexed', 'HEX');
    const hexCall = await insertCall(server, { companyId: w.companyId, ...hex }, { phone: Buffer.from('13900000002').toString('hex') });
    const md5 = await projectWithTask(server, w.alice, w.companyId, 'Hashed', 'MD5');
    const md5Call = await insertCall(server, { companyId: w.companyId, ...md5 }, { phone: 'e10adc3949ba59abbe56e057f20f883e' });
    const custom = await projectWithTask(server, w.alice, w.companyId, 'Custom', 'CUSTOM', { encryptionApiUrl: decryptUrl });
    const customCall = await insertCall(server, { companyId: w.companyId, ...custom }, { phone: 'tok-7' });
    const brokenCall = await insertCall(server, { companyId: w.companyId, ...custom }, { phone: 'tok-broken' });
    expect((await reveal(w.alice, plain)).body.data).toEqual({ phone: '+8613800000001' });
    expect((await reveal(w.alice, hexCall)).body.data).toEqual({ phone: '13900000002' });
    expect((await reveal(w.alice, customCall)).body.data).toEqual({ phone: '13800000007' });
    expect((await reveal(w.alice, md5Call)).body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'This number is hashed (MD5) and cannot be revealed',
    });
    expect((await reveal(w.alice, brokenCall)).body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: "The project's decryption API could not resolve this number",
    });
  });

  it('writes one audit entry per reveal — who, which call, when — without the number', async () => {
    const w = await world();
    const id = await insertCall(server, w.spring, { phone: '13812345678' });
    await reveal(w.alice, id);
    await reveal(w.olga, id);
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reveal'), eq(auditLog.entity, 'call')));
    expect(entries.map((entry) => entry.actorName).sort()).toEqual(['alice', 'olga']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ entityId: id, companyId: w.companyId });
      expect(entry.at).toBeInstanceOf(Date);
      expect(JSON.stringify(entry)).not.toContain('12345678');
    }
    // A refused reveal writes nothing.
    await setPermissions(server, w.companyId, { numberReveal: false });
    await reveal(w.alice, id);
    expect(await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'reveal'))).toHaveLength(2);
  });

  it("needs the company's numberReveal permission, whatever the role", async () => {
    const w = await world();
    const id = await insertCall(server, w.spring);
    await setPermissions(server, w.companyId, { numberReveal: false });
    expect((await reveal(w.alice, id)).body).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      message: 'Number reveal is not enabled for your company',
    });
    expect((await reveal(w.olga, id)).body.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('lets an agent reveal only in the projects assigned to them, and a DEV in their own company', async () => {
    const w = await world();
    const id = await insertCall(server, w.spring);
    expect((await reveal(w.olga, id)).body.data).toEqual({ phone: '13800000001' });
    expect((await reveal(w.oscar, id)).body.code).toBe(ErrorCode.NOT_FOUND);
    const dev = await userWithSession(server, w.providerId, 'devon', 'DEV');
    await setPermissions(server, w.providerId, { numberReveal: true });
    const own = await projectWithTask(server, dev, w.providerId, 'Internal');
    const devCall = await insertCall(server, { companyId: w.providerId, ...own }, { phone: '13700000000' });
    expect((await reveal(dev, devCall)).body.data).toEqual({ phone: '13700000000' });
    expect((await reveal(dev, id)).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('recordings', () => {
  it('serves the whole WAV with Accept-Ranges, and a byte range as 206 with Content-Range', async () => {
    const w = await world();
    const id = await insertCall(server, w.spring, { recordingPath: recordingOf(w.companyId, 'whole') });
    const whole = await recording(id, w.alice);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({ 'content-type': 'audio/wav', 'accept-ranges': 'bytes', 'content-length': '1000' });
    expect(whole.rawPayload.length).toBe(1000);
    const part = await recording(id, w.alice, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({ 'content-range': 'bytes 100-199/1000', 'content-length': '100' });
    expect([...part.rawPayload.subarray(0, 3)]).toEqual([100, 101, 102]);
    const open = await recording(id, w.alice, { range: 'bytes=990-' });
    expect(open.headers['content-range']).toBe('bytes 990-999/1000');
    expect(open.rawPayload.length).toBe(10);
    const suffix = await recording(id, w.alice, { range: 'bytes=-4' });
    expect(suffix.headers['content-range']).toBe('bytes 996-999/1000');
    const clipped = await recording(id, w.alice, { range: 'bytes=900-5000' });
    expect(clipped.headers['content-range']).toBe('bytes 900-999/1000');
  });

  it('answers 416 with the size for a range outside the file', async () => {
    const w = await world();
    const id = await insertCall(server, w.spring, { recordingPath: recordingOf(w.companyId, 'short') });
    for (const range of ['bytes=1000-', 'bytes=1500-1600', 'bytes=-0']) {
      const answer = await recording(id, w.alice, { range });
      expect(answer.statusCode).toBe(416);
      expect(answer.headers['content-range']).toBe('bytes */1000');
    }
    expect((await recording(id, w.alice, { range: 'bytes=5-1' })).statusCode).toBe(416);
  });

  it('refuses paths outside the recordings folder (also through a symlink), and answers a missing file with a 404 envelope', async () => {
    const w = await world();
    const outside = join(dataDir, 'secret.wav');
    writeFileSync(outside, 'not a recording');
    const escaping = await insertCall(server, w.spring, {
      recordingPath: join(recordingsDirOf(dataDir), w.companyId, '..', '..', 'secret.wav'),
    });
    const absolute = await insertCall(server, w.spring, { recordingPath: '/etc/passwd' });
    mkdirSync(join(recordingsDirOf(dataDir), w.companyId), { recursive: true });
    const link = join(recordingsDirOf(dataDir), w.companyId, 'link.wav');
    symlinkSync(outside, link);
    const linked = await insertCall(server, w.spring, { recordingPath: link });
    const missing = await insertCall(server, w.spring, { recordingPath: join(recordingsDirOf(dataDir), w.companyId, 'gone.wav') });
    const none = await insertCall(server, w.spring, { recordingPath: null });
    for (const id of [escaping, absolute, linked, missing, none]) {
      const answer = await recording(id, w.alice, EN);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 404, message: 'This call has no recording' });
    }
    const live = await insertCall(server, w.spring, { endedAt: null, status: null, recordingPath: recordingOf(w.companyId, 'live') });
    expect((await recording(live, w.alice, EN)).json()).toMatchObject({
      code: 404,
      message: 'The call is still on: its recording is ready when it ends',
    });
  });

  it('needs a session (cookie or bearer) and answers 404 for what the caller may not see', async () => {
    const w = await world();
    const id = await insertCall(server, w.spring, { recordingPath: recordingOf(w.companyId, 'private') });
    expect((await recording(id)).statusCode).toBe(401);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/call-records/recording/${id}`,
          headers: { authorization: `Bearer ${w.alice}` },
        })
      ).statusCode,
    ).toBe(200);
    expect((await recording(id, w.olga)).statusCode).toBe(200);
    expect((await recording(id, w.oscar)).statusCode).toBe(404);
    expect((await recording(id, w.gina)).statusCode).toBe(404);
  });
});

describe('tenant isolation of every call endpoint', () => {
  it("answers 404 for another company's call on get, customer, reveal and recording", async () => {
    const w = await world();
    const theirs = await insertCall(server, w.globex, { recordingPath: recordingOf(w.otherCompanyId, 'globex') });
    for (const endpoint of ['get', 'customer', 'reveal']) {
      expect((await call(server, `/api/call-records/${endpoint}`, { token: w.alice, body: { id: theirs } })).body.code, endpoint).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect((await call(server, `/api/call-records/${endpoint}`, { token: w.gina, body: { id: theirs } })).body.code, endpoint).toBe(200);
    }
    expect((await recording(theirs, w.alice)).statusCode).toBe(404);
    expect(
      await server.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'reveal'), eq(auditLog.actorName, 'alice'))),
    ).toHaveLength(0);
  });

  it('keeps an unassigned agent out of a call on every endpoint, and refuses what is not a call id', async () => {
    const w = await world();
    const id = await insertCall(server, w.spring);
    for (const endpoint of ['get', 'customer', 'reveal']) {
      expect((await call(server, `/api/call-records/${endpoint}`, { token: w.oscar, body: { id } })).body.code, endpoint).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect((await call(server, `/api/call-records/${endpoint}`, { token: w.olga, body: { id } })).body.code, endpoint).toBe(200);
      expect((await call(server, `/api/call-records/${endpoint}`, { token: w.alice, body: { id: 'x' } })).body.code, endpoint).toBe(
        ErrorCode.VALIDATION,
      );
    }
  });
});
