import { describe, expect, it } from 'vitest';
import { ErrorCode, type DncEntry, type DncImportResult, type Page } from '@dialwise/contracts';
import { addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';
import { eq } from 'drizzle-orm';
import { auditLog, companies } from '../db/schema.ts';

const server = useTestServer();

async function setUp() {
  const seeded = await seedCompanies(server);
  await addUser(server, seeded.companyId, 'boss', 'ADMIN');
  await addUser(server, seeded.otherCompanyId, 'rival', 'ADMIN');
  await addUser(server, seeded.companyId, 'seat', 'OPR');
  await addUser(server, seeded.providerId, 'ops', 'DEV');
  return { ...seeded, boss: await login(server, 'boss', 'admin'), rival: await login(server, 'rival', 'admin') };
}

const list = async (token: string, body: object = {}) => (await call<Page<DncEntry>>(server, '/api/dnc/list', { token, body })).body;

async function importCsv(token: string, csv: string, query = '') {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/dnc/import${query}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'accept-language': 'en-US' },
    payload: csv,
  });
  return response.json() as { code: number; message: string; data: DncImportResult };
}

describe('do-not-call list', () => {
  it('adds normalized numbers once, counting those already listed, and lists them', async () => {
    const { boss } = await setUp();
    const first = await call(server, '/api/dnc/add', { token: boss, body: { phones: ['138 0000 0001', '(139)00000002'], note: 'asked' } });
    expect(first.body.data).toEqual({ added: 2, alreadyListed: 0, removed: 0 });
    const again = await call(server, '/api/dnc/add', { token: boss, body: { phones: ['13800000001'] } });
    expect(again.body.data).toEqual({ added: 0, alreadyListed: 1, removed: 0 });
    const page = await list(boss);
    expect(page.data.total).toBe(2);
    expect(page.data.list.map((e) => e.phone).sort()).toEqual(['13800000001', '13900000002']);
    expect(page.data.list[0]!.createdBy).toBe('boss');
    expect((await list(boss, { keyword: '0002' })).data.list.map((e) => e.phone)).toEqual(['13900000002']);
  });

  it('refuses a value that is not a phone number, naming the field', async () => {
    const { boss } = await setUp();
    const answer = await call(server, '/api/dnc/add', { token: boss, body: { phones: ['12ab'] } });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toContain('12ab');
    // Every bad entry named at once, on the list's own field, in the caller's language: no "phones.0".
    const two = await call(server, '/api/dnc/add', {
      token: boss,
      body: { phones: ['abc', '13800000001', '12'] },
      headers: { 'accept-language': 'en-US' },
    });
    expect(two.body).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: 'Not phone numbers: abc, 12',
      data: { fields: [{ path: 'phones', message: 'Not phone numbers: abc, 12' }] },
    });
    const zh = await call(server, '/api/dnc/add', { token: boss, body: { phones: ['abc'] }, headers: { 'accept-language': 'zh-CN' } });
    expect(zh.body.message).toBe('以下不是电话号码：abc');
    expect((await call(server, '/api/dnc/add', { token: boss, body: { phones: [] } })).body.code).toBe(ErrorCode.VALIDATION);
  });

  it('removes numbers, as stored or as typed', async () => {
    const { boss } = await setUp();
    await call(server, '/api/dnc/add', { token: boss, body: { phones: ['13800000001', '13800000002'] } });
    const removed = await call(server, '/api/dnc/remove', { token: boss, body: { phones: ['138-0000-0001', '999'] } });
    expect(removed.body.data).toEqual({ added: 0, alreadyListed: 0, removed: 1 });
    expect((await list(boss)).data.list.map((e) => e.phone)).toEqual(['13800000002']);
  });

  it('imports a CSV by its phone column, reports bad lines, and stores the rest in one go', async () => {
    const { boss } = await setUp();
    const result = await importCsv(boss, 'name,phoneNumber\nAnn,13800000001\nBob,not-a-number\nCid,+8613800000003\nDup,13800000001\n');
    expect(result.code).toBe(200);
    expect(result.data).toMatchObject({ added: 2, alreadyListed: 0 });
    expect(result.data.rejected).toEqual([{ line: 3, value: 'not-a-number', reason: expect.stringContaining('Phone number') }]);
    const headerless = await importCsv(boss, '13800000009\n13800000001\n');
    expect(headerless.data).toMatchObject({ added: 1, alreadyListed: 1 });
    expect((await importCsv(boss, 'phone\n')).code).toBe(ErrorCode.VALIDATION);
  });

  it('refuses a body over the size limit with a 400 naming it, and the server stays up', async () => {
    const { boss } = await setUp();
    const line = '13800000001\n';
    const oversized = line.repeat(Math.ceil((20 * 1024 * 1024 + 1) / line.length));
    const refused = await importCsv(boss, oversized);
    expect(refused.code).toBe(ErrorCode.VALIDATION);
    expect(refused.message).toMatch(/too large|20 MB/i);
    expect((await list(boss)).data.total).toBe(0);
    // The next request is answered: the refusal did not take the process down.
    expect((await importCsv(boss, '13800000002\n')).data).toMatchObject({ added: 1 });
  });

  it("keeps each company's list to itself", async () => {
    const { boss, rival, otherCompanyId } = await setUp();
    await call(server, '/api/dnc/add', { token: boss, body: { phones: ['13800000001'] } });
    expect((await list(rival)).data.total).toBe(0);
    expect((await call(server, '/api/dnc/remove', { token: rival, body: { phones: ['13800000001'] } })).body.data).toMatchObject({
      removed: 0,
    });
    expect((await list(boss)).data.total).toBe(1);
    // An ADMIN naming another company is answered as if it did not exist.
    expect((await list(boss, { companyId: otherCompanyId })).code).toBe(ErrorCode.NOT_FOUND);
    expect(
      (await call(server, '/api/dnc/add', { token: boss, body: { phones: ['1'.repeat(8)], companyId: otherCompanyId } })).body.code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect((await importCsv(boss, '13800000001\n', `?companyId=${otherCompanyId}`)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it("lets a DEV manage any company's list, and keeps agents out", async () => {
    const { companyId } = await setUp();
    const dev = await login(server, 'ops', 'admin');
    expect((await call(server, '/api/dnc/add', { token: dev, body: { phones: ['13800000001'], companyId } })).body.code).toBe(200);
    expect((await list(dev, { companyId })).data.total).toBe(1);
    const seat = await login(server, 'seat', 'agent');
    for (const url of ['/api/dnc/list', '/api/dnc/add', '/api/dnc/remove']) {
      expect((await call(server, url, { token: seat, body: { phones: ['13800000001'] } })).body.code).toBe(ErrorCode.FORBIDDEN);
    }
    expect((await importCsv(seat, '13800000001\n')).code).toBe(ErrorCode.FORBIDDEN);
  });

  it('answers 403 saying so when the provider has not enabled the list for the company, and changes nothing', async () => {
    const { boss, companyId } = await setUp();
    await call(server, '/api/dnc/add', { token: boss, body: { phones: ['13800000001'] } });
    await server.database.db
      .update(companies)
      .set({ permissions: { numberReveal: false, maxConcurrency: 20, features: ['csvExport'] } })
      .where(eq(companies.id, companyId));
    for (const [url, body] of [
      ['/api/dnc/list', {}],
      ['/api/dnc/add', { phones: ['13800000002'] }],
      ['/api/dnc/remove', { phones: ['13800000001'] }],
    ] as const) {
      const answer = await call(server, url, { token: boss, body, headers: { 'accept-language': 'en-US' } });
      expect(answer.body).toMatchObject({ code: ErrorCode.FORBIDDEN, message: expect.stringContaining('not enabled for this company') });
    }
    expect((await importCsv(boss, '13800000003\n')).code).toBe(ErrorCode.FORBIDDEN);
    const dev = await login(server, 'ops', 'admin');
    expect((await call(server, '/api/dnc/add', { token: dev, body: { phones: ['13800000004'], companyId } })).body.code).toBe(
      ErrorCode.FORBIDDEN,
    );
    const stored = await server.database.db.select().from(auditLog);
    expect(stored.filter((e) => e.entity === 'dnc')).toHaveLength(1);
  });

  it('records every change in the audit log', async () => {
    const { boss } = await setUp();
    await call(server, '/api/dnc/add', { token: boss, body: { phones: ['13800000001'] } });
    await call(server, '/api/dnc/remove', { token: boss, body: { phones: ['13800000001'] } });
    const entries = await server.database.db.select().from(auditLog);
    expect(entries.filter((e) => e.entity === 'dnc').map((e) => e.action)).toEqual(['add', 'remove']);
  });
});
