import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  COMPANY_CONCURRENCY,
  COMPANY_FEATURES,
  DEFAULT_COMPANY_PERMISSIONS,
  ErrorCode,
  accountPasswordSchema,
  type CompanyCreated,
  type CompanyListItem,
  type CompanyPermissions,
  type GrantItem,
  type Page,
  type SetGrantsResult,
} from '@dialwise/contracts';
import { addUser, call, currentVersion, login, seedCompanies, useTestServer, type TestServer } from '../../../test/helper.ts';
import { auditLog, companies, companyGrants, processors, scenarios, sessions, tags, users, voices } from '../../db/schema.ts';
import { seedDemo } from '../../demo/seed-demo.ts';
import { isCompanyActive } from './company-status.ts';
import { getCompanyPermissions } from '../../entitlements/get-company-permissions.ts';
import { serverTimeZone } from './create-company.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en' };

/** The provider with a DEV, two customers, an ADMIN and an operator in the first. */
async function setup() {
  const seeded = await seedCompanies(server);
  await addUser(server, seeded.providerId, 'devon', 'DEV');
  await addUser(server, seeded.companyId, 'alice', 'ADMIN');
  await addUser(server, seeded.companyId, 'olga', 'OPR');
  const dev = await login(server, 'devon', 'admin');
  return { ...seeded, dev };
}

const newCompany = { name: 'Initech', suffix: 'Initech', adminEmail: 'it@initech.test', timezone: 'Europe/Berlin' };

async function create(token: string, body: Record<string, unknown> = newCompany) {
  return call<CompanyCreated>(server, '/api/operation/companies/create', { token, body, headers: EN });
}

/** The company's current version, as a form opened now sends it (1 for an id that names no company). */
async function companyVersion(id: string): Promise<number> {
  return currentVersion(server, companies, id).catch(() => 1);
}

async function auditOf(s: TestServer, action: string) {
  return s.database.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('companies: who may call', () => {
  it("a DEV account outside the provider's company is refused too (403)", async () => {
    const { companyId } = await setup();
    await addUser(server, companyId, 'stray', 'DEV');
    const token = await login(server, 'stray', 'admin');
    for (const url of ['/api/operation/companies/list', '/api/operation/voices/list', '/api/operation/tags/list']) {
      expect((await call(server, url, { token, body: {} })).body.code, url).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it('answers 401 without credentials', async () => {
    await setup();
    expect((await call(server, '/api/operation/companies/list', { body: {} })).status).toBe(401);
  });
});

describe('companies: the form rules at their boundaries', () => {
  it.each([
    ['name of 0 characters', { name: '' }, 'Company name must be 1–100 characters'],
    ['name of 101 characters', { name: 'n'.repeat(101) }, 'Company name must be 1–100 characters'],
    ['name with a space', { name: 'Ini tech' }, 'Name must not contain spaces'],
    ['suffix with a symbol', { suffix: 'ini-tech' }, 'Suffix must be 1–100 letters and digits'],
    ['suffix of 0 characters', { suffix: '' }, 'Suffix must be 1–100 letters and digits'],
    ['suffix of 101 characters', { suffix: 's'.repeat(101) }, 'Suffix must be 1–100 letters and digits'],
    ['missing admin e-mail', { adminEmail: undefined }, 'Admin e-mail'],
    ['invalid admin e-mail', { adminEmail: 'it@' }, 'Admin e-mail must be a valid e-mail address'],
    ['a time zone that is not IANA', { timezone: 'Mars/Olympus' }, 'Time zone must be an IANA name'],
    ['an offset for a time zone', { timezone: '+08:00' }, 'Time zone must be an IANA name'],
  ])('refuses a %s (400) and writes nothing', async (_case, change, message) => {
    const { dev } = await setup();
    const answer = await create(dev, { ...newCompany, ...change });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toContain(message);
    expect(await server.database.db.select().from(companies).where(eq(companies.name, 'Initech'))).toHaveLength(0);
  });

  it('accepts a name of 1 and of 100 characters and a suffix of 100 (with an admin user name given)', async () => {
    const { dev } = await setup();
    expect((await create(dev, { ...newCompany, name: 'X', suffix: 'x1' })).body.code).toBe(200);
    const long = await create(dev, { ...newCompany, name: 'N'.repeat(100), suffix: 'S'.repeat(100), adminUsername: 'boss_long' });
    expect(long.body.code).toBe(200);
    expect(long.body.data.company).toMatchObject({ name: 'N'.repeat(100), suffix: 'S'.repeat(100) });
  });

  it('an update obeys the same rules', async () => {
    const { dev, companyId } = await setup();
    const answer = await call(server, '/api/operation/companies/update', {
      token: dev,
      body: { id: companyId, version: 1, ...newCompany, name: 'A B' },
      headers: EN,
    });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
  });
});

describe('companies: adding one creates its first ADMIN', () => {
  it('creates the company and an ADMIN admin_<suffix> with a generated password answered once, who can sign in', async () => {
    const { dev } = await setup();
    const answer = await create(dev);
    expect(answer.body.code).toBe(200);
    const { company, admin } = answer.body.data;
    expect(company).toMatchObject({
      name: 'Initech',
      suffix: 'Initech',
      adminEmail: 'it@initech.test',
      state: 'normal',
      timezone: 'Europe/Berlin',
      isProvider: false,
      createdByName: 'devon',
      updatedByName: 'devon',
    });
    expect(admin).toMatchObject({ username: 'admin_initech', email: 'it@initech.test' });
    expect(accountPasswordSchema.safeParse(admin.initialPassword).success).toBe(true);

    const [row] = await server.database.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ companyId: company.id, authLevel: 'ADMIN', status: 'active' });
    expect(row!.passwordHash).not.toContain(admin.initialPassword);

    const signIn = await call<{ user: { authLevel: string; customerID: string } }>(server, '/api/user/login', {
      body: { username: 'admin_initech', password: admin.initialPassword, role: 'admin' },
    });
    expect(signIn.body.code).toBe(200);
    expect(signIn.body.data.user).toMatchObject({ authLevel: 'ADMIN', customerID: company.id });
  });

  it('records the company and the account in the audit log under the new company, never the password', async () => {
    const { dev } = await setup();
    const { company, admin } = (await create(dev)).body.data;
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.companyId, company.id));
    expect(entries.map((e) => e.action).sort()).toEqual(['account.create', 'company.create']);
    expect(entries.every((e) => e.actorName === 'devon')).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(admin.initialPassword);
    expect(entries.find((e) => e.action === 'company.create')!.changes).toMatchObject({ name: 'Initech', suffix: 'Initech' });
  });

  it("uses the server's time zone when none is given", async () => {
    const { dev } = await setup();
    const { timezone: _tz, ...withoutZone } = newCompany;
    expect((await create(dev, withoutZone)).body.data.company.timezone).toBe(serverTimeZone());
  });

  it('needs an admin user name when the suffix makes one longer than 32 characters', async () => {
    const { dev } = await setup();
    const answer = await create(dev, { ...newCompany, suffix: 'a'.repeat(27) });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toContain(`admin_${'a'.repeat(27)}`);
    expect((await create(dev, { ...newCompany, suffix: 'a'.repeat(26) })).body.data.admin.username).toBe(`admin_${'a'.repeat(26)}`);
  });

  it('refuses a taken name, a taken suffix (any case) or a taken user name with 409, writing nothing', async () => {
    const { dev } = await setup();
    await addUser(server, await seedCompanyId('Acme'), 'admin_initech', 'OPR');
    const before = (await server.database.db.select().from(companies)).length;

    const name = await create(dev, { ...newCompany, name: 'Acme', suffix: 'fresh' });
    expect(name.body).toMatchObject({ code: ErrorCode.CONFLICT, message: 'A company named Acme already exists' });
    const suffix = await create(dev, { ...newCompany, suffix: 'ACME' });
    expect(suffix.body).toMatchObject({ code: ErrorCode.CONFLICT, message: 'The suffix ACME is already used by another company' });
    const username = await create(dev);
    expect(username.body.code).toBe(ErrorCode.CONFLICT);
    expect(username.body.message).toContain('admin_initech');

    expect(await server.database.db.select().from(companies)).toHaveLength(before);
    expect(await auditOf(server, 'company.create')).toHaveLength(0);
    const retry = await create(dev, { ...newCompany, adminUsername: 'initech_boss' });
    expect(retry.body.data.admin.username).toBe('initech_boss');
  });
});

async function seedCompanyId(name: string): Promise<string> {
  const [row] = await server.database.db.select().from(companies).where(eq(companies.name, name));
  return row!.id;
}

describe('companies: list', () => {
  it('lists every company with who created it, searches name / suffix / e-mail and filters by state', async () => {
    const { dev, otherCompanyId } = await setup();
    await create(dev);
    await call(server, '/api/operation/companies/delete', { token: dev, body: { id: otherCompanyId } });

    const all = await call<Page<CompanyListItem>>(server, '/api/operation/companies/list', { token: dev, body: {} });
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.list[0]).toMatchObject({ name: 'Initech', createdByName: 'devon' });
    expect(all.body.data.list.find((c) => c.name === 'Provider')).toMatchObject({ isProvider: true });

    const byKeyword = async (keyword: string) =>
      (await call<Page<CompanyListItem>>(server, '/api/operation/companies/list', { token: dev, body: { keyword } })).body.data.list.map(
        (c) => c.name,
      );
    expect(await byKeyword('initech.test')).toEqual(['Initech']);
    expect(await byKeyword('GLOB')).toEqual(['Globex']);
    expect(await byKeyword('%')).toEqual([]);

    const deleted = await call<Page<CompanyListItem>>(server, '/api/operation/companies/list', { token: dev, body: { state: 'deleted' } });
    expect(deleted.body.data.list.map((c) => c.name)).toEqual(['Globex']);
    const normal = await call<Page<CompanyListItem>>(server, '/api/operation/companies/list', {
      token: dev,
      body: { state: 'normal', pageSize: 2 },
    });
    expect(normal.body.data).toMatchObject({ total: 3 });
    expect(normal.body.data.list).toHaveLength(2);
  });
});

describe('companies: edit', () => {
  it('keeps quiet days once each in calendar order, leaves them alone when left out, and names a bad date', async () => {
    const { dev, companyId } = await setup();
    const base = { id: companyId, name: 'Acme', suffix: 'acme', adminEmail: 'a@x.test' };
    const saved = await call<CompanyListItem>(server, '/api/operation/companies/update', {
      token: dev,
      body: { ...base, version: 1, quietDays: ['2026-12-25', '2026-10-01', '2026-12-25'] },
    });
    expect(saved.body.data.quietDays).toEqual(['2026-10-01', '2026-12-25']);
    const kept = await call<CompanyListItem>(server, '/api/operation/companies/update', {
      token: dev,
      body: { ...base, version: 2, name: 'AcmeGlobal' },
    });
    expect(kept.body.data.quietDays).toEqual(['2026-10-01', '2026-12-25']);
    const bad = await call(server, '/api/operation/companies/update', {
      token: dev,
      body: { ...base, version: 3, quietDays: ['2026-02-30'] },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.body.code).not.toBe(200);
    expect(bad.body.message).toContain('YYYY-MM-DD');
    const [row] = await server.database.db.select({ quietDays: companies.quietDays }).from(companies).where(eq(companies.id, companyId));
    expect(row!.quietDays).toEqual(['2026-10-01', '2026-12-25']);
  });

  it('edits name, suffix, admin e-mail and time zone, records the diff and who changed it', async () => {
    const { dev, companyId } = await setup();
    const answer = await call<CompanyListItem>(server, '/api/operation/companies/update', {
      token: dev,
      body: { id: companyId, version: 1, name: 'AcmeGlobal', suffix: 'acme', adminEmail: 'ops@acme.test', timezone: 'Asia/Shanghai' },
    });
    expect(answer.body.data).toMatchObject({
      name: 'AcmeGlobal',
      adminEmail: 'ops@acme.test',
      timezone: 'Asia/Shanghai',
      updatedByName: 'devon',
    });
    const [entry] = await auditOf(server, 'company.update');
    expect(entry).toMatchObject({ companyId, entityId: companyId });
    expect(entry!.changes).toEqual({
      name: { from: 'Acme', to: 'AcmeGlobal' },
      adminEmail: { from: 'a@x.test', to: 'ops@acme.test' },
      timezone: { from: 'UTC', to: 'Asia/Shanghai' },
    });
  });

  it("refuses another company's name or suffix (409) and an unknown id (404)", async () => {
    const { dev, companyId } = await setup();
    const base = { id: companyId, version: 1, name: 'Acme', suffix: 'acme', adminEmail: 'a@x.test' };
    expect((await call(server, '/api/operation/companies/update', { token: dev, body: { ...base, name: 'Globex' } })).body.code).toBe(
      ErrorCode.CONFLICT,
    );
    expect((await call(server, '/api/operation/companies/update', { token: dev, body: { ...base, suffix: 'Globex' } })).body.code).toBe(
      ErrorCode.CONFLICT,
    );
    expect(
      (await call(server, '/api/operation/companies/update', { token: dev, body: { ...base, id: '00000000-0000-4000-8000-000000000000' } }))
        .body.code,
    ).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('companies: delete and restore', () => {
  it("a deleted company's users cannot sign in (4011) and their live sessions end (50012); restore lets them sign in again", async () => {
    const { dev, companyId } = await setup();
    const alice = await login(server, 'alice', 'admin');
    expect((await call(server, '/api/user/getSelfInfo', { token: alice })).body.code).toBe(200);
    expect(await isCompanyActive(server.database.db, companyId)).toBe(true);

    const deleted = await call<CompanyListItem>(server, '/api/operation/companies/delete', { token: dev, body: { id: companyId } });
    expect(deleted.body.data).toMatchObject({ state: 'deleted', updatedByName: 'devon' });
    expect(await isCompanyActive(server.database.db, companyId)).toBe(false);
    expect((await call(server, '/api/user/getSelfInfo', { token: alice })).body.code).toBe(ErrorCode.ENDED_BY_ADMIN);
    const refused = await call(server, '/api/user/login', { body: { username: 'olga', password: 'Secret#2026', role: 'agent' } });
    expect(refused.body.code).toBe(ErrorCode.ACCOUNT_DISABLED);
    const [aliceRow] = await server.database.db.select().from(users).where(eq(users.username, 'alice'));
    const live = await server.database.db.select().from(sessions).where(eq(sessions.userId, aliceRow!.id));
    expect(live.every((s) => s.revokedAt !== null && s.revokedReason === 'admin')).toBe(true);
    // Nothing is removed.
    expect(await server.database.db.select().from(users).where(eq(users.companyId, companyId))).toHaveLength(2);

    const restored = await call<CompanyListItem>(server, '/api/operation/companies/restore', { token: dev, body: { id: companyId } });
    expect(restored.body.data.state).toBe('normal');
    expect(await isCompanyActive(server.database.db, companyId)).toBe(true);
    // The old session stays ended; a new sign-in works.
    expect((await call(server, '/api/user/getSelfInfo', { token: alice })).body.code).toBe(ErrorCode.ENDED_BY_ADMIN);
    const again = await login(server, 'alice', 'admin');
    expect((await call(server, '/api/user/getSelfInfo', { token: again })).body.code).toBe(200);

    const [deleteEntry] = await auditOf(server, 'company.delete');
    expect(deleteEntry).toMatchObject({ companyId, actorName: 'devon' });
    expect(deleteEntry!.changes).toMatchObject({ revokedSessions: 1 });
    expect(await auditOf(server, 'company.restore')).toHaveLength(1);
  });

  it("leaves other companies' users signed in", async () => {
    const { dev, companyId, otherCompanyId } = await setup();
    await addUser(server, otherCompanyId, 'gina', 'ADMIN');
    const gina = await login(server, 'gina', 'admin');
    await call(server, '/api/operation/companies/delete', { token: dev, body: { id: companyId } });
    expect((await call(server, '/api/user/getSelfInfo', { token: gina })).body.code).toBe(200);
    expect((await call(server, '/api/user/getSelfInfo', { token: dev })).body.code).toBe(200);
  });

  it("refuses to delete the provider's own company (409)", async () => {
    const { dev, providerId } = await setup();
    const answer = await call(server, '/api/operation/companies/delete', { token: dev, body: { id: providerId }, headers: EN });
    expect(answer.body).toMatchObject({ code: ErrorCode.CONFLICT, message: "The provider's own company cannot be deleted" });
    expect(await isCompanyActive(server.database.db, providerId)).toBe(true);
    expect(await auditOf(server, 'company.delete')).toHaveLength(0);
  });

  it('refuses deleting twice and restoring a normal company (409); unknown ids are 404', async () => {
    const { dev, companyId } = await setup();
    expect((await call(server, '/api/operation/companies/restore', { token: dev, body: { id: companyId } })).body.code).toBe(
      ErrorCode.CONFLICT,
    );
    await call(server, '/api/operation/companies/delete', { token: dev, body: { id: companyId } });
    expect((await call(server, '/api/operation/companies/delete', { token: dev, body: { id: companyId } })).body.code).toBe(
      ErrorCode.CONFLICT,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(server, '/api/operation/companies/delete', { token: dev, body: { id: unknown } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await call(server, '/api/operation/companies/restore', { token: dev, body: { id: unknown } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect(await isCompanyActive(server.database.db, unknown)).toBe(false);
  });
});

describe('companies: grants', () => {
  async function catalogue() {
    const db = server.database.db;
    const [xiaomei, emma] = await db
      .insert(voices)
      .values([
        { nickname: 'Xiaomei', vendor: 'volcano', clusterKey: 'volcano_tts', originalVoiceId: 'xiaomei01' },
        { nickname: 'Emma', vendor: 'azure', originalVoiceId: 'emma01' },
      ])
      .returning();
    const [router, broken] = await db
      .insert(processors)
      .values([
        { alias: 'router', type: 'referee', state: 'valid' },
        { alias: 'broken', type: 'stream', state: 'invalid' },
      ])
      .returning();
    const [sales] = await db
      .insert(scenarios)
      .values([{ name: 'Sales' }])
      .returning();
    return { xiaomei: xiaomei!, emma: emma!, router: router!, broken: broken!, sales: sales! };
  }
  const grants = (token: string, companyId: string, kind: string) =>
    call<GrantItem[]>(server, '/api/operation/companies/grants', { token, body: { companyId, kind } });
  const setGrants = async (token: string, companyId: string, kind: string, refIds: string[]) =>
    call<SetGrantsResult>(server, '/api/operation/companies/setGrants', {
      token,
      body: { companyId, version: await companyVersion(companyId), kind, refIds },
      headers: EN,
    });

  it('lists the whole catalogue of a kind with what is granted, and replaces the grants', async () => {
    const { dev, companyId, otherCompanyId } = await setup();
    const c = await catalogue();
    const before = await grants(dev, companyId, 'voice');
    expect(before.body.data).toEqual([
      { id: c.emma.id, label: 'Emma', granted: false, selectable: true, extra: { vendor: 'azure', originalVoiceId: 'emma01' } },
      { id: c.xiaomei.id, label: 'Xiaomei', granted: false, selectable: true, extra: { vendor: 'volcano', originalVoiceId: 'xiaomei01' } },
    ]);

    const first = await setGrants(dev, companyId, 'voice', [c.xiaomei.id, c.emma.id, c.xiaomei.id]);
    expect(first.body.data).toMatchObject({ granted: 2, removed: [] });
    expect(first.body.data.added.sort()).toEqual([c.xiaomei.id, c.emma.id].sort());
    const second = await setGrants(dev, companyId, 'voice', [c.emma.id]);
    expect(second.body.data).toEqual({ granted: 1, added: [], removed: [c.xiaomei.id] });
    expect((await grants(dev, companyId, 'voice')).body.data.map((g) => [g.label, g.granted])).toEqual([
      ['Emma', true],
      ['Xiaomei', false],
    ]);
    // Another company's grants are its own.
    expect((await grants(dev, otherCompanyId, 'voice')).body.data.every((g) => !g.granted)).toBe(true);

    const scenarioGrant = await setGrants(dev, companyId, 'scenario', [c.sales.id]);
    expect(scenarioGrant.body.data.granted).toBe(1);
    expect((await grants(dev, companyId, 'scenario')).body.data).toEqual([
      { id: c.sales.id, label: 'Sales', granted: true, selectable: true, extra: {} },
    ]);
    // Kinds do not touch each other.
    expect((await grants(dev, companyId, 'voice')).body.data.filter((g) => g.granted)).toHaveLength(1);

    const entries = await auditOf(server, 'company.grants');
    expect(entries).toHaveLength(3);
    expect(entries[1]).toMatchObject({ companyId, entityId: companyId, actorName: 'devon' });
    expect(entries[1]!.changes).toEqual({ kind: 'voice', added: [], removed: [{ id: c.xiaomei.id, label: 'Xiaomei' }], granted: 1 });
  });

  it('refuses ids not in the catalogue of that kind (404) and changes nothing', async () => {
    const { dev, companyId } = await setup();
    const c = await catalogue();
    await setGrants(dev, companyId, 'voice', [c.emma.id]);
    const ghost = '00000000-0000-4000-8000-000000000001';
    const unknown = await setGrants(dev, companyId, 'voice', [c.xiaomei.id, ghost]);
    expect(unknown.body.code).toBe(ErrorCode.NOT_FOUND);
    expect(unknown.body.message).toContain(ghost);
    // A scenario's id is not a voice.
    expect((await setGrants(dev, companyId, 'voice', [c.sales.id])).body.code).toBe(ErrorCode.NOT_FOUND);
    const rows = await server.database.db.select().from(companyGrants).where(eq(companyGrants.companyId, companyId));
    expect(rows.map((r) => r.refId)).toEqual([c.emma.id]);
    expect(await auditOf(server, 'company.grants')).toHaveLength(1);
  });

  it('refuses newly granting an invalid processor (409), but one granted before it became invalid may stay', async () => {
    const { dev, companyId } = await setup();
    const c = await catalogue();
    const listed = (await grants(dev, companyId, 'processor')).body.data;
    expect(listed.find((p) => p.label === 'broken')).toMatchObject({ selectable: false, extra: { type: 'stream', state: 'invalid' } });

    const refused = await setGrants(dev, companyId, 'processor', [c.router.id, c.broken.id]);
    expect(refused.body).toMatchObject({ code: ErrorCode.CONFLICT, message: 'Invalid processors cannot be granted: broken' });
    expect(await server.database.db.select().from(companyGrants).where(eq(companyGrants.companyId, companyId))).toHaveLength(0);

    expect((await setGrants(dev, companyId, 'processor', [c.router.id])).body.code).toBe(200);
    await server.database.db.update(processors).set({ state: 'invalid' }).where(eq(processors.id, c.router.id));
    expect((await setGrants(dev, companyId, 'processor', [c.router.id])).body.code).toBe(200);
    const kept = await server.database.db
      .select()
      .from(companyGrants)
      .where(and(eq(companyGrants.companyId, companyId), eq(companyGrants.kind, 'processor')));
    expect(kept.map((g) => g.refId)).toEqual([c.router.id]);
  });

  it('an unknown company is 404 for both grant endpoints; a bad kind is 400', async () => {
    const { dev, companyId } = await setup();
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await grants(dev, ghost, 'voice')).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await setGrants(dev, ghost, 'voice', [])).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await grants(dev, companyId, 'llm')).body.code).toBe(ErrorCode.VALIDATION);
  });
});

describe('companies: permissions', () => {
  const read = (token: string, companyId: string) =>
    call<CompanyPermissions>(server, '/api/operation/companies/permissions', { token, body: { companyId } });
  const write = async (token: string, body: Record<string, unknown>) =>
    call<CompanyPermissions>(server, '/api/operation/companies/setPermissions', {
      token,
      body: { version: await companyVersion(String(body.companyId)), ...body },
      headers: EN,
    });

  it('a company starts with the defaults; DEV sets them; other areas read them with getCompanyPermissions', async () => {
    const { dev, companyId, otherCompanyId } = await setup();
    // A company added through the console starts with the defaults (the test companies are seeded with more).
    const fresh = await call<{ company: { id: string } }>(server, '/api/operation/companies/create', {
      token: dev,
      body: { name: 'Fresh', suffix: 'fresh', adminEmail: 'fresh@x.test' },
    });
    expect((await read(dev, fresh.body.data.company.id)).body.data).toEqual(DEFAULT_COMPANY_PERMISSIONS);
    const otherBefore = await getCompanyPermissions(server.database.db, otherCompanyId);

    const wanted = { numberReveal: true, maxConcurrency: 1, features: ['customEncryption', 'doNotCall', 'doNotCall'] };
    const answer = await write(dev, { companyId, ...wanted });
    expect(answer.body.data).toEqual({ numberReveal: true, maxConcurrency: 1, features: ['doNotCall', 'customEncryption'] });
    expect((await read(dev, companyId)).body.data).toEqual(answer.body.data);
    expect(await getCompanyPermissions(server.database.db, companyId)).toEqual(answer.body.data);
    expect(await getCompanyPermissions(server.database.db, otherCompanyId)).toEqual(otherBefore);

    const [entry] = await auditOf(server, 'company.permissions');
    expect(entry).toMatchObject({ companyId, actorName: 'devon' });
    expect(entry!.changes).toEqual({
      numberReveal: { from: false, to: true },
      maxConcurrency: { from: COMPANY_CONCURRENCY.max, to: 1 },
      features: { from: [...COMPANY_FEATURES], to: ['doNotCall', 'customEncryption'] },
    });
    // Saving the same values writes no entry.
    await write(dev, { companyId, ...wanted });
    expect(await auditOf(server, 'company.permissions')).toHaveLength(1);
  });

  it('every feature may be allowed', async () => {
    const { dev, companyId } = await setup();
    const answer = await write(dev, { companyId, numberReveal: false, maxConcurrency: 10_000, features: [...COMPANY_FEATURES] });
    expect(answer.body.data.features).toEqual([...COMPANY_FEATURES]);
  });

  it.each([
    ['a concurrency of 0', { maxConcurrency: 0 }, 'Maximum concurrency must be at least 1'],
    ['a concurrency above 10000', { maxConcurrency: 10_001 }, 'Maximum concurrency must be at most 10000'],
    ['a fractional concurrency', { maxConcurrency: 1.5 }, 'Maximum concurrency'],
    ['an unknown feature', { features: ['teleport'] }, 'must be one of: doNotCall'],
    ['a missing flag', { numberReveal: undefined }, 'Number reveal'],
  ])('refuses %s (400)', async (_case, change, message) => {
    const { dev, companyId } = await setup();
    const answer = await write(dev, { companyId, ...DEFAULT_COMPANY_PERMISSIONS, ...change });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toContain(message);
  });

  it('an unknown company is 404', async () => {
    const { dev } = await setup();
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await read(dev, ghost)).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await write(dev, { companyId: ghost, ...DEFAULT_COMPANY_PERMISSIONS })).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('demo data', () => {
  it('seeds voices and tags, grants the customer Xiaomei and Emma, and allows it every feature', async () => {
    const db = server.database.db;
    await seedDemo(db, 'Dialwise@2026', server.app.secrets);
    const [customer] = await db.select().from(companies).where(eq(companies.name, 'AcmeOutreach'));
    expect((await db.select().from(voices)).map((v) => v.nickname).sort()).toEqual(['Emma', 'Rachel', 'Xiaomei', '晓晓']);
    expect((await db.select().from(tags)).length).toBeGreaterThanOrEqual(3);
    const granted = await db
      .select({ nickname: voices.nickname })
      .from(companyGrants)
      .innerJoin(voices, eq(voices.id, companyGrants.refId))
      .where(eq(companyGrants.companyId, customer!.id));
    expect(granted.map((g) => g.nickname).sort()).toEqual(['Emma', 'Xiaomei']);
    expect(await getCompanyPermissions(db, customer!.id)).toEqual({
      numberReveal: true,
      maxConcurrency: 50,
      features: [...COMPANY_FEATURES],
    });
  });
});
