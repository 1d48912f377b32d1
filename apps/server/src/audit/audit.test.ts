import { describe, expect, it } from 'vitest';
import { ErrorCode, REDACTED } from '@dialwise/contracts';
import { addUser, call, login, PASSWORD, seedCompanies, useTestServer } from '../../test/helper.ts';
import { recordAudit, diffChanges } from '../db/record-audit.ts';

const server = useTestServer();

interface Entry {
  action: string;
  entity: string;
  actorName: string | null;
  companyId: string;
  changes: Record<string, unknown>;
}

describe('audit log', () => {
  it('records sign-in and sign-out with who, when and which session; the company ADMIN reads them', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    const first = await login(server, 'alice', 'admin');
    await call(server, '/api/user/logout', { token: first });
    const token = await login(server, 'alice', 'admin');
    const page = await call<{ list: Entry[]; total: number }>(server, '/api/audit/list', { token, body: {} });
    expect(page.body.code).toBe(200);
    expect(page.body.data.list.map((e) => e.action)).toEqual(['login', 'logout', 'login']);
    expect(page.body.data.list[0]).toMatchObject({ entity: 'session', actorName: 'alice', companyId });
  });

  it('never shows another company its entries; DEV may name a company', async () => {
    const { companyId, otherCompanyId, providerId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    await addUser(server, otherCompanyId, 'gina', 'ADMIN');
    await addUser(server, providerId, 'devon', 'DEV');
    await login(server, 'alice', 'admin');
    const gina = await login(server, 'gina', 'admin');
    const seenByGina = await call<{ list: Entry[] }>(server, '/api/audit/list', { token: gina, body: {} });
    expect(seenByGina.body.data.list.every((e) => e.companyId === otherCompanyId)).toBe(true);
    const ginaAsking = await call<{ list: Entry[] }>(server, '/api/audit/list', { token: gina, body: { companyId } });
    expect(ginaAsking.body.data.list.every((e) => e.companyId === otherCompanyId)).toBe(true);
    const devon = await login(server, 'devon', 'admin');
    const seenByDev = await call<{ list: Entry[] }>(server, '/api/audit/list', { token: devon, body: { companyId } });
    expect(seenByDev.body.data.list.map((e) => e.actorName)).toContain('alice');
  });

  it('an operator may not read the audit log (403)', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'otto', 'OPR');
    const token = await login(server, 'otto', 'agent');
    expect((await call(server, '/api/audit/list', { token, body: {} })).body.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('redacts secrets whatever the caller passes, at any depth', async () => {
    const { companyId } = await seedCompanies(server);
    const user = await addUser(server, companyId, 'alice', 'ADMIN');
    await recordAudit(
      server.database.db,
      { actorId: user.id, actorName: 'alice', companyId, traceId: 't' },
      {
        action: 'update',
        entity: 'sip_line',
        entityId: 'x',
        changes: { password: PASSWORD, nested: { apiKey: 'sk-live', sipPassword: 'p' }, alias: 'Line A' },
      },
    );
    const token = await login(server, 'alice', 'admin');
    const page = await call<{ list: Entry[] }>(server, '/api/audit/list', { token, body: { entity: 'sip_line' } });
    expect(page.body.data.list[0]!.changes).toEqual({
      password: REDACTED,
      nested: { apiKey: REDACTED, sipPassword: REDACTED },
      alias: 'Line A',
    });
    expect(JSON.stringify(page.body)).not.toContain(PASSWORD);
  });

  it('diffChanges keeps only what changed, as from/to', () => {
    expect(diffChanges({ a: 1, b: 'x', c: [1] }, { a: 1, b: 'y', c: [1, 2], d: undefined })).toEqual({
      b: { from: 'x', to: 'y' },
      c: { from: [1], to: [1, 2] },
    });
  });

  it('paginates newest first with the default page size of 10', async () => {
    const { companyId } = await seedCompanies(server);
    const user = await addUser(server, companyId, 'alice', 'ADMIN');
    for (let i = 0; i < 12; i += 1) {
      await recordAudit(
        server.database.db,
        { actorId: user.id, actorName: 'alice', companyId, traceId: null },
        { action: 'update', entity: 'thing', entityId: String(i) },
      );
    }
    const token = await login(server, 'alice', 'admin');
    const first = await call<{ list: { entityId: string }[]; total: number }>(server, '/api/audit/list', {
      token,
      body: { entity: 'thing' },
    });
    expect(first.body.data.total).toBe(12);
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.list[0]!.entityId).toBe('11');
    const second = await call<{ list: unknown[] }>(server, '/api/audit/list', { token, body: { entity: 'thing', page: 2 } });
    expect(second.body.data.list).toHaveLength(2);
  });
});
