import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type AuditEntry, type Page, type SipLine } from '@dialwise/contracts';
import { auditLog, sipLines } from '../db/schema.ts';
import { addUser, call, currentVersion, login, seedCompanies, useTestServer } from '../../test/helper.ts';
import { loadSipLineCredentials } from './load-sip-line-credentials.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en-US' };
const SECRET = 'Carrier-Pa55word!';

/** Acme with ADMIN alice and OPR olga, Globex with ADMIN gina, the provider with DEV devon. */
async function setup() {
  const seeded = await seedCompanies(server);
  const alice = await addUser(server, seeded.companyId, 'alice', 'ADMIN');
  await addUser(server, seeded.companyId, 'olga', 'OPR');
  await addUser(server, seeded.otherCompanyId, 'gina', 'ADMIN');
  await addUser(server, seeded.providerId, 'devon', 'DEV');
  const admin = await login(server, 'alice', 'admin');
  return { ...seeded, alice, admin };
}

const newLine = (extra: Record<string, unknown> = {}) => ({
  alias: 'Main trunk',
  concurrency: 10,
  sipUsername: 'acme01',
  password: SECRET,
  domain: 'sip.carrier.test',
  port: 5060,
  ...extra,
});

async function create(token: string, body: Record<string, unknown>) {
  return call<SipLine>(server, '/api/sip-lines/create', { token, body, headers: EN });
}
/** An edit as the console sends it: with the version the form opened (the current one unless the test gives one). */
async function update(token: string, body: Record<string, unknown>) {
  const version = 'version' in body ? body.version : await currentVersion(server, sipLines, String(body.id)).catch(() => 1);
  return call<SipLine>(server, '/api/sip-lines/update', { token, body: { ...body, version }, headers: EN });
}
async function list(token: string, body: Record<string, unknown> = {}) {
  return call<Page<SipLine>>(server, '/api/sip-lines/list', { token, body, headers: EN });
}
async function storedRow(id: string) {
  return (await server.database.db.select().from(sipLines).where(eq(sipLines.id, id)))[0]!;
}

describe('SIP line validation (alias, concurrency, username, password, domain and port required)', () => {
  it.each([
    ['alias', 'Alias is required'],
    ['concurrency', 'Concurrency is required'],
    ['sipUsername', 'SIP user name is required'],
    ['password', 'Password is required'],
    ['domain', 'Domain is required'],
    ['port', 'Port is required'],
  ])('%s missing is refused (400) and named', async (field, message) => {
    const { admin } = await setup();
    const { [field as keyof ReturnType<typeof newLine>]: _dropped, ...rest } = newLine();
    expect((await create(admin, rest)).body).toMatchObject({ code: ErrorCode.VALIDATION, message });
    expect(await server.database.db.select().from(sipLines)).toHaveLength(0);
  });

  /** Each whole-number field at its bounds and just past them: accepted as sent, or refused with its rule. */
  const RANGES = [
    { field: 'port', min: 1, max: 65535, message: 'Port must be 1–65535' },
    { field: 'concurrency', min: 1, max: 1000, message: 'Concurrency must be 1–1000' },
    { field: 'cps', min: 1, max: 100, message: 'Calls per second must be 1–100' },
  ] as const;
  it.each(
    RANGES.flatMap(({ field, min, max, message }) =>
      [min - 1, min, max, max + 1].map(
        (value) => [`${field} ${value}`, { field, value, accepted: value >= min && value <= max, message }] as const,
      ),
    ),
  )('%s', async (_name, { field, value, accepted, message }) => {
    const { admin } = await setup();
    const answer = await create(admin, newLine({ [field]: value }));
    if (accepted) expect(answer.body.data[field]).toBe(value);
    else expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION, message });
  });

  it('domain must be a host name or an IP; fractions are refused; Chinese messages too', async () => {
    const { admin } = await setup();
    expect((await create(admin, newLine({ domain: 'sip://carrier' }))).body.message).toBe('Domain must be a host name or an IP address');
    expect((await create(admin, newLine({ domain: '10.0.0.300' }))).body.code).toBe(ErrorCode.VALIDATION);
    expect((await create(admin, newLine({ concurrency: 2.5 }))).body.message).toBe('Concurrency must be a whole number');
    const zh = await call(server, '/api/sip-lines/create', {
      token: admin,
      body: newLine({ port: 0 }),
      headers: { 'x-dialwise-locale': 'zh-CN' },
    });
    expect(zh.body.message).toBe('端口须为 1–65535');
    expect((await create(admin, newLine({ domain: '192.168.1.20' }))).body.code).toBe(200);
  });

  it('edits keep the rules', async () => {
    const { admin } = await setup();
    const { id } = (await create(admin, newLine())).body.data;
    expect((await update(admin, { id, port: 65536 })).body.message).toBe('Port must be 1–65535');
    expect((await update(admin, { id, concurrency: 0 })).body.message).toBe('Concurrency must be 1–1000');
    expect((await update(admin, { id, alias: ' ' })).body.message).toBe('Alias is required');
    expect(await storedRow(id)).toMatchObject({ port: 5060, concurrency: 10, alias: 'Main trunk' });
  });
});

describe('adding and editing lines', () => {
  it('adds a line with defaults (cps 5, enabled, real SIP), the creator set by the server', async () => {
    const { admin, companyId, alice } = await setup();
    const answer = await create(admin, newLine({ createUser: 'mallory' }));
    expect(answer.body.data).toMatchObject({
      alias: 'Main trunk',
      concurrency: 10,
      cps: 5,
      status: 'enabled',
      trunk: 'sip',
      sipUsername: 'acme01',
      hasPassword: true,
      domain: 'sip.carrier.test',
      port: 5060,
      createUser: 'alice',
      companyId,
    });
    expect((await storedRow(answer.body.data.id)).createdBy).toBe(alice.id);
  });

  it('edits every field; the simulated trunk and a disabled status are kept', async () => {
    const { admin } = await setup();
    const { id } = (await create(admin, newLine())).body.data;
    const edited = {
      alias: 'Backup',
      concurrency: 1000,
      cps: 100,
      status: 'disabled',
      trunk: 'simulated',
      sipUsername: 'acme02',
      domain: '10.0.0.9',
      port: 5080,
    } as const;
    const answer = await update(admin, { id, ...edited });
    expect(answer.body.data).toMatchObject({ ...edited, createUser: 'alice' });
    expect((await call<SipLine>(server, '/api/sip-lines/get', { token: admin, body: { id } })).body.data).toEqual(answer.body.data);
  });

  it('filters by keyword (alias, SIP user name, domain), status and trunk, a page at a time', async () => {
    const { admin } = await setup();
    for (let i = 0; i < 11; i++)
      await create(admin, newLine({ alias: `Line ${i}`, sipUsername: `user${i}`, trunk: i === 3 ? 'simulated' : 'sip' }));
    await create(admin, newLine({ alias: 'Odd one', sipUsername: 'special', domain: 'pbx.other.test', status: 'disabled' }));
    const first = await list(admin);
    expect(first.body.data.total).toBe(12);
    expect(first.body.data.list).toHaveLength(10);
    expect((await list(admin, { page: 2 })).body.data.list).toHaveLength(2);
    expect((await list(admin, { keyword: 'other.test' })).body.data.list.map((l) => l.alias)).toEqual(['Odd one']);
    expect((await list(admin, { keyword: 'USER1' })).body.data.list.map((l) => l.alias).sort()).toEqual(['Line 1', 'Line 10']);
    expect((await list(admin, { status: 'disabled' })).body.data.list.map((l) => l.alias)).toEqual(['Odd one']);
    expect((await list(admin, { trunk: 'simulated' })).body.data.list.map((l) => l.alias)).toEqual(['Line 3']);
  });
});

describe('the password is write-only', () => {
  it('is stored sealed, never in clear, and opened only by loadSipLineCredentials', async () => {
    const { admin } = await setup();
    const { id } = (await create(admin, newLine())).body.data;
    const row = await storedRow(id);
    expect(row.passwordSealed).not.toContain(SECRET);
    expect(row.passwordSealed).toMatch(/^v1:/);
    expect(JSON.stringify(await server.database.db.select().from(sipLines))).not.toContain(SECRET);
    const credentials = await loadSipLineCredentials(server.database.db, server.app.secrets, id);
    expect(credentials).toMatchObject({
      id,
      password: SECRET,
      sipUsername: 'acme01',
      domain: 'sip.carrier.test',
      port: 5060,
      trunk: 'sip',
    });
  });

  it('never appears in any answer (create, list, get, update) or audit entry', async () => {
    const { admin } = await setup();
    const answers = [];
    const created = await create(admin, newLine());
    answers.push(
      created,
      await list(admin),
      await call(server, '/api/sip-lines/get', { token: admin, body: { id: created.body.data.id } }),
    );
    answers.push(await update(admin, { id: created.body.data.id, password: 'Another-Secret-2' }));
    for (const answer of answers) {
      expect(answer.body.code).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
      expect(JSON.stringify(answer.body)).not.toContain('Another-Secret-2');
      expect(JSON.stringify(answer.body)).not.toMatch(/passwordSealed|v1:/);
    }
    const audit = JSON.stringify(await server.database.db.select().from(auditLog));
    expect(audit).not.toContain(SECRET);
    expect(audit).not.toContain('Another-Secret-2');
    const read = await call<Page<AuditEntry>>(server, '/api/audit/list', { token: admin, body: { entity: 'sip_line' } });
    expect(JSON.stringify(read.body)).not.toContain(SECRET);
  });

  it('a blank or absent password on edit keeps the sealed one; a new one replaces it', async () => {
    const { admin } = await setup();
    const { id } = (await create(admin, newLine())).body.data;
    const sealed = (await storedRow(id)).passwordSealed;
    await update(admin, { id, alias: 'Renamed', password: '' });
    await update(admin, { id, concurrency: 20 });
    expect((await storedRow(id)).passwordSealed).toBe(sealed);
    await update(admin, { id, password: 'Rotated#1' });
    expect((await storedRow(id)).passwordSealed).not.toBe(sealed);
    expect((await loadSipLineCredentials(server.database.db, server.app.secrets, id)).password).toBe('Rotated#1');
  });

  it('loadSipLineCredentials answers not found for an unknown line', async () => {
    await expect(
      loadSipLineCredentials(server.database.db, server.app.secrets, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});

describe('alias is unique per company', () => {
  it('a second line with the same alias (any case) is a 409 naming the alias, on add and on edit', async () => {
    const { admin } = await setup();
    await create(admin, newLine());
    const twin = await create(admin, newLine({ alias: 'MAIN TRUNK' }));
    expect(twin.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'A SIP line named "MAIN TRUNK" already exists',
      data: { field: 'alias' },
    });
    const other = (await create(admin, newLine({ alias: 'Other' }))).body.data;
    expect((await update(admin, { id: other.id, alias: 'main trunk' })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await storedRow(other.id)).alias).toBe('Other');
  });

  it('another company may use the same alias', async () => {
    const { admin } = await setup();
    await create(admin, newLine());
    const gina = await login(server, 'gina', 'admin');
    expect((await create(gina, newLine())).body.code).toBe(200);
  });
});

describe('who may manage SIP lines', () => {
  it('OPR gets 403 on every SIP line endpoint', async () => {
    const { admin } = await setup();
    const { id } = (await create(admin, newLine())).body.data;
    const opr = await login(server, 'olga', 'agent');
    for (const [path, body] of [
      ['list', {}],
      ['get', { id }],
      ['create', newLine({ alias: 'X' })],
      ['update', { id, alias: 'X' }],
    ] as const) {
      expect((await call(server, `/api/sip-lines/${path}`, { token: opr, body })).body.code, path).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await storedRow(id)).alias).toBe('Main trunk');
  });

  it("DEV works on the provider's lines by default and on any company's with companyId", async () => {
    const { admin, companyId } = await setup();
    const { id } = (await create(admin, newLine())).body.data;
    const dev = await login(server, 'devon', 'admin');
    expect((await list(dev)).body.data.total).toBe(0);
    expect((await list(dev, { companyId })).body.data.list.map((l) => l.id)).toEqual([id]);
    expect((await update(dev, { companyId, id, concurrency: 3 })).body.data.concurrency).toBe(3);
    const added = await create(dev, newLine({ companyId, alias: 'Provisioned' }));
    expect(added.body.data).toMatchObject({ companyId, createUser: 'devon' });
    expect((await call(server, '/api/sip-lines/get', { token: dev, body: { id } })).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('tenant isolation', () => {
  it("list never shows another company's lines; get and update of them answer 404 and change nothing", async () => {
    const { admin, otherCompanyId } = await setup();
    const gina = await login(server, 'gina', 'admin');
    const theirs = (await create(gina, newLine({ alias: 'Globex line' }))).body.data;
    await create(admin, newLine());
    expect((await list(admin, { pageSize: 100 })).body.data.list.map((l) => l.alias)).toEqual(['Main trunk']);
    expect((await list(admin, { keyword: 'Globex' })).body.data.total).toBe(0);
    expect((await call(server, '/api/sip-lines/get', { token: admin, body: { id: theirs.id } })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await update(admin, { id: theirs.id, alias: 'Stolen', password: 'x' })).body.code).toBe(ErrorCode.NOT_FOUND);
    const sealed = (await storedRow(theirs.id)).passwordSealed;
    expect(await storedRow(theirs.id)).toMatchObject({ alias: 'Globex line', companyId: otherCompanyId, passwordSealed: sealed });
    expect((await loadSipLineCredentials(server.database.db, server.app.secrets, theirs.id)).password).toBe(SECRET);
  });

  it('an ADMIN naming another company (companyId) gets 404 on every endpoint', async () => {
    const { admin, otherCompanyId } = await setup();
    const gina = await login(server, 'gina', 'admin');
    const theirs = (await create(gina, newLine())).body.data;
    for (const [path, body] of [
      ['list', { companyId: otherCompanyId }],
      ['get', { id: theirs.id, companyId: otherCompanyId }],
      ['create', newLine({ companyId: otherCompanyId, alias: 'Sneaky' })],
      ['update', { id: theirs.id, version: 1, companyId: otherCompanyId, alias: 'Sneaky' }],
    ] as const) {
      expect((await call(server, `/api/sip-lines/${path}`, { token: admin, body })).body.code, path).toBe(ErrorCode.NOT_FOUND);
    }
    expect((await server.database.db.select().from(sipLines)).map((l) => l.alias)).toEqual(['Main trunk']);
  });
});

describe('audit', () => {
  it('create and update each leave an entry in the company log, the password redacted', async () => {
    const { admin, companyId, alice } = await setup();
    const { id } = (await create(admin, newLine())).body.data;
    await update(admin, { id, concurrency: 12, password: 'Rotated#1' });
    await update(admin, { id, status: 'disabled' });
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    for (const entry of entries) expect(entry).toMatchObject({ companyId, actorId: alice.id, entity: 'sip_line' });
    expect(entries[0]!.changes).toMatchObject({ alias: 'Main trunk', concurrency: 10, port: 5060, password: '[redacted]' });
    expect(entries[1]!.changes).toEqual({ concurrency: { from: 10, to: 12 }, password: '[redacted]' });
    expect(entries[2]!.changes).toEqual({ status: { from: 'enabled', to: 'disabled' } });
  });

  it("provider staff's writes on a customer's lines are logged under that company; a refused write logs nothing", async () => {
    const { companyId, admin } = await setup();
    await create(admin, newLine());
    const dev = await login(server, 'devon', 'admin');
    const added = await create(dev, newLine({ companyId, alias: 'Provisioned' }));
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, added.body.data.id));
    expect(entry).toMatchObject({ companyId, actorName: 'devon', action: 'create' });
    const before = (await server.database.db.select().from(auditLog)).length;
    await create(admin, newLine());
    expect((await server.database.db.select().from(auditLog)).length).toBe(before);
  });
});
