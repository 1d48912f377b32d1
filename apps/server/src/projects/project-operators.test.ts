import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Page, type Project, type ProjectOperatorOption } from '@dialwise/contracts';
import { addUser, call, useTestServer } from '../../test/helper.ts';
import { auditLog } from '../db/schema.ts';
import { seedAcmeAgents } from '../../test/task-fixtures.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en' };

/**
 * "Projects an agent works on" (the /projectOp pages) is our reading: an ADMIN assigns agents (OPR accounts
 * of the company) to a project in the project form; an agent sees those projects and their call records.
 */
async function world() {
  const { alice, olga, oscar, gina, ...seeded } = await seedAcmeAgents(server);
  const options = await call<ProjectOperatorOption[]>(server, '/api/projects/operators', { token: alice });
  const idOf = (username: string) => options.body.data.find((o) => o.username === username)!.id;
  const bob = await addUser(server, seeded.companyId, 'bob', 'ADMIN');
  const globexAgent = await addUser(server, seeded.otherCompanyId, 'gustav', 'OPR');
  return {
    ...seeded,
    alice,
    olga,
    oscar,
    gina,
    olgaId: idOf('olga'),
    oscarId: idOf('oscar'),
    bobId: bob.id,
    globexAgentId: globexAgent.id,
    options: options.body.data,
  };
}

const create = (token: string, body: Record<string, unknown>) =>
  call<Project>(server, '/api/projects/create', { token, body: { encryptionType: 'PLAIN_TEXT', ...body }, headers: EN });

describe('project operators', () => {
  it("offers the company's agents only, disabled ones marked", async () => {
    const w = await world();
    await addUser(server, w.companyId, 'zed', 'OPR', { status: 'disabled' });
    const options = await call<ProjectOperatorOption[]>(server, '/api/projects/operators', { token: w.alice });
    expect(options.body.data.map((o) => [o.username, o.disabled])).toEqual([
      ['olga', false],
      ['oscar', false],
      ['zed', true],
    ]);
    expect((await call(server, '/api/projects/operators', { token: w.olga })).body.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('assigns agents on create and replaces them on update; absent operatorIds keep them; audited', async () => {
    const w = await world();
    const created = await create(w.alice, { name: 'Spring', operatorIds: [w.olgaId] });
    expect(created.body.data.operators).toEqual([{ id: w.olgaId, name: 'olga-alias' }]);
    const id = created.body.data.id;
    const updated = await call<Project>(server, '/api/projects/update', {
      token: w.alice,
      body: { id, version: 1, name: 'Spring', encryptionType: 'PLAIN_TEXT', operatorIds: [w.oscarId, w.olgaId] },
    });
    expect(updated.body.data.operators.map((o) => o.name)).toEqual(['olga-alias', 'oscar-alias']);
    const kept = await call<Project>(server, '/api/projects/update', {
      token: w.alice,
      body: { id, version: 2, name: 'Spring2', encryptionType: 'PLAIN_TEXT' },
    });
    expect(kept.body.data.operators).toHaveLength(2);
    const cleared = await call<Project>(server, '/api/projects/update', {
      token: w.alice,
      body: { id, version: 3, name: 'Spring2', encryptionType: 'PLAIN_TEXT', operatorIds: [] },
    });
    expect(cleared.body.data.operators).toEqual([]);
    const entries = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'project'), eq(auditLog.entityId, id)));
    expect(entries.find((e) => e.action === 'create')!.changes).toMatchObject({ operatorIds: [w.olgaId] });
    expect(entries.filter((e) => e.action === 'update').map((e) => e.changes.operatorIds)).toEqual([
      { added: [w.oscarId], removed: [] },
      undefined,
      { added: [], removed: expect.arrayContaining([w.olgaId, w.oscarId]) },
    ]);
  });

  it("refuses an ADMIN, another company's agent or an unknown id, naming the field; nothing is written", async () => {
    const w = await world();
    for (const operatorIds of [[w.bobId], [w.globexAgentId], ['00000000-0000-4000-8000-000000000000'], [w.olgaId, w.bobId]]) {
      const answer = await create(w.alice, { name: 'Refused', operatorIds });
      expect(answer.body).toMatchObject({
        code: ErrorCode.VALIDATION,
        message: 'Only agents (OPR accounts) of your company can be assigned to a project',
        data: { fields: [{ path: 'operatorIds' }] },
      });
    }
    const list = await call<Page<Project>>(server, '/api/projects/list', { token: w.alice, body: {} });
    expect(list.body.data.total).toBe(0);
  });

  it("lists an agent's own projects on /mine, and only to agents", async () => {
    const w = await world();
    await create(w.alice, { name: 'Spring', operatorIds: [w.olgaId] });
    await create(w.alice, { name: 'Autumn', operatorIds: [w.olgaId, w.oscarId] });
    await create(w.alice, { name: 'Winter' });
    await create(w.gina, { name: 'Globex' });
    const mine = await call<Page<Project>>(server, '/api/projects/mine', { token: w.olga, body: {} });
    expect(mine.body.data.list.map((p) => p.name)).toEqual(['Autumn', 'Spring']);
    expect(mine.body.data.total).toBe(2);
    const searched = await call<Page<Project>>(server, '/api/projects/mine', { token: w.oscar, body: { name: 'spr' } });
    expect(searched.body.data.list).toEqual([]);
    expect((await call(server, '/api/projects/mine', { token: w.alice, body: {} })).body.code).toBe(ErrorCode.FORBIDDEN);
  });
});
