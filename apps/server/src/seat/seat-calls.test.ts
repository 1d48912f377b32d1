import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CallCustomer, CallDisposition, CallRecordDetail, SeatCallInfo, SeatUnfiledCalls } from '@dialwise/contracts';
import { call, useTestServer } from '../../test/helper.ts';
import { seedAcmeAgents, userWithSession } from '../../test/task-fixtures.ts';
import { assignOperator, insertCall, insertSubtask, projectWithTask } from '../../test/call-fixtures.ts';
import { auditLog, calls, projectOperators, seatOffers, users } from '../db/schema.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en' };

async function userId(username: string) {
  const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

/** Alice (ADMIN), two agents of her company on project Spring, and Gina's company with its own agent and call. */
async function world() {
  const { alice, olga, oscar, gina, ...seeded } = await seedAcmeAgents(server);
  const dev = await userWithSession(server, seeded.providerId, 'devon', 'DEV');
  const greg = await userWithSession(server, seeded.otherCompanyId, 'greg', 'OPR');
  const spring = { companyId: seeded.companyId, ...(await projectWithTask(server, alice, seeded.companyId, 'Spring')) };
  const globex = { companyId: seeded.otherCompanyId, ...(await projectWithTask(server, gina, seeded.otherCompanyId, 'Globex')) };
  await assignOperator(server, seeded.companyId, spring.projectId, 'olga');
  await assignOperator(server, seeded.companyId, spring.projectId, 'oscar');
  await assignOperator(server, seeded.otherCompanyId, globex.projectId, 'greg');
  return { ...seeded, alice, olga, oscar, gina, greg, dev, spring, globex };
}

/** A transferred call as the dispatcher leaves it: offered to `offeredTo`, taken by `takenBy` (if any). */
async function transferredCall(
  at: { companyId: string; projectId: string; taskId: string; lineId: string },
  offeredTo: string[],
  takenBy: string | null,
  values: Parameters<typeof insertCall>[2] = {},
) {
  const operatorId = takenBy ? await userId(takenBy) : null;
  const id = await insertCall(server, at, { transferOutcome: takenBy ? 'success' : 'failed', operatorId, ...values });
  for (const username of offeredTo) {
    await server.database.db.insert(seatOffers).values({
      callId: id,
      companyId: at.companyId,
      projectId: at.projectId,
      operatorId: await userId(username),
      state: username === takenBy ? 'accepted' : 'expired',
      deadline: new Date(),
      // The offer as the seat received it (only its shape matters here).
      payload: { callId: id } as never,
    });
  }
  return id;
}

const info = (token: string, callId: string) => call<SeatCallInfo>(server, '/api/seat/call-info', { token, body: { callId }, headers: EN });
const file = (token: string, body: Record<string, unknown>) =>
  call<CallDisposition>(server, '/api/call-records/disposition', { token, body, headers: EN });
const drawer = (token: string, id: string) => call<CallRecordDetail>(server, '/api/call-records/get', { token, body: { id } });
const unfiled = (token: string) => call<SeatUnfiledCalls>(server, '/api/seat/unfiled', { token, body: {} });

describe('seat call info', () => {
  it('answers the call, its customer and history, and its task to the agent who took it', async () => {
    const w = await world();
    const subtaskId = await insertSubtask(server, w.companyId, w.spring.taskId, '13800000001', 'prefers afternoons');
    const earlier = await insertCall(server, w.spring, { placedAt: new Date(Date.now() - 86_400_000), durationMs: 12_000 });
    const id = await transferredCall(w.spring, ['olga'], 'olga', {
      subtaskId,
      businessInfo: { plan: 'gold' },
      summary: 'Wants to upgrade; asked for a person about the price.',
      transferSummary: 'Li asks for a person: the price of the upgrade.',
      conversation: [{ speaker: 'customer', text: 'Can I talk to a person?', atMs: 4000 }],
    });
    const answer = await info(w.olga, id);
    expect(answer.body.code).toBe(200);
    expect(answer.body.data.call).toMatchObject({
      id,
      phone: '*******0001',
      summary: 'Wants to upgrade; asked for a person about the price.',
      transferSummary: 'Li asks for a person: the price of the upgrade.',
      disposition: { issueType: null, resolutionStatus: null, note: null, by: null, at: null },
      canFile: true,
    });
    expect(answer.body.data.call.conversation).toHaveLength(1);
    expect(answer.body.data.customer).toMatchObject({ businessInfo: { plan: 'gold' }, remark: 'prefers afternoons', previousCalls: 1 });
    expect(answer.body.data.customer.history[0]).toMatchObject({ id: earlier, durationMs: 12_000, issueType: null });
    expect(answer.body.data.task).toMatchObject({ id: w.spring.taskId, name: 'Spring-t1', projectName: 'Spring' });
    expect(JSON.stringify(answer.body.data)).not.toContain('13800000001');
  });

  it('answers a call offered to the agent before (or without) their accept: the warm transfer is read first', async () => {
    const w = await world();
    const id = await transferredCall(w.spring, ['oscar', 'olga'], 'olga');
    expect((await info(w.oscar, id)).body.code).toBe(200);
  });

  it("answers 404 for another agent's call, another company's call and an unknown id", async () => {
    const w = await world();
    const olgas = await transferredCall(w.spring, ['olga'], 'olga');
    const untransferred = await insertCall(server, w.spring);
    const gregs = await transferredCall(w.globex, ['greg'], 'greg');
    expect((await info(w.oscar, olgas)).body.code).toBe(404);
    expect((await info(w.olga, untransferred)).body.code).toBe(404);
    expect((await info(w.olga, gregs)).body.code).toBe(404);
    expect((await info(w.greg, olgas)).body.code).toBe(404);
    expect((await info(w.olga, '00000000-0000-4000-8000-000000000000')).body.code).toBe(404);
  });

  it('is for agents only: an ADMIN of the company gets 403, no session 401', async () => {
    const w = await world();
    const id = await transferredCall(w.spring, ['olga'], 'olga');
    expect((await info(w.alice, id)).body.code).toBe(403);
    const anonymous = await call(server, '/api/seat/call-info', { body: { callId: id } });
    expect(anonymous.status).toBe(401);
  });
});

describe('call disposition', () => {
  it('saves issue type, resolution status and note on the call, shown in the drawer and the history', async () => {
    const w = await world();
    const id = await transferredCall(w.spring, ['olga'], 'olga');
    const saved = await file(w.olga, { callId: id, issueType: 'complaint', resolutionStatus: 'follow-up', note: '  call back Monday ' });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({
      issueType: 'complaint',
      resolutionStatus: 'follow-up',
      note: 'call back Monday',
      by: 'olga-alias',
    });

    const read = await drawer(w.alice, id);
    expect(read.body.data.disposition).toMatchObject({
      issueType: 'complaint',
      resolutionStatus: 'follow-up',
      note: 'call back Monday',
      by: 'olga-alias',
    });
    expect(read.body.data.disposition.at).toBe(saved.body.data.at);

    const later = await insertCall(server, w.spring, { placedAt: new Date() });
    const customer = await call<CallCustomer>(server, '/api/call-records/customer', { token: w.alice, body: { id: later } });
    expect(customer.body.data.history[0]).toMatchObject({ id, issueType: 'complaint', resolutionStatus: 'follow-up' });

    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entry).toMatchObject({ action: 'dispose', entity: 'call', actorName: 'olga' });
  });

  it('replaces an earlier filing, and a blank note clears the note', async () => {
    const w = await world();
    const id = await transferredCall(w.spring, ['olga'], 'olga');
    await file(w.olga, { callId: id, issueType: 'billing', resolutionStatus: 'unresolved', note: 'first' });
    const again = await file(w.olga, { callId: id, issueType: 'billing', resolutionStatus: 'resolved', note: '' });
    expect(again.body.data).toMatchObject({ resolutionStatus: 'resolved', note: null });
  });

  it('refuses a missing or unknown issue type and resolution status with the field named', async () => {
    const w = await world();
    const id = await transferredCall(w.spring, ['olga'], 'olga');
    const missing = await file(w.olga, { callId: id });
    expect(missing.body.code).toBe(400);
    expect(missing.body.message).toContain('issue type');
    const unknown = await file(w.olga, { callId: id, issueType: 'gossip', resolutionStatus: 'resolved' });
    expect(unknown.body.code).toBe(400);
    const tooLong = await file(w.olga, { callId: id, issueType: 'other', resolutionStatus: 'resolved', note: 'x'.repeat(501) });
    expect(tooLong.body.code).toBe(400);
  });

  it('is for the agent who took the call, or an ADMIN of its company: an agent it was merely offered to, another agent, another company and DEV are refused', async () => {
    const w = await world();
    const id = await transferredCall(w.spring, ['oscar', 'olga'], 'olga');
    const body = { callId: id, issueType: 'inquiry', resolutionStatus: 'resolved' };
    expect((await file(w.oscar, body)).body.code).toBe(404);
    expect((await file(w.greg, body)).body.code).toBe(404);
    expect((await file(w.gina, body)).body.code).toBe(404);
    expect((await file(w.dev, body)).body.code).toBe(403);
    expect((await call(server, '/api/call-records/disposition', { body })).status).toBe(401);
    expect((await drawer(w.alice, id)).body.data.disposition.issueType).toBeNull();
    // The drawer says who may file: the agent who took it and the company's ADMIN; not another agent.
    expect((await drawer(w.olga, id)).body.data.canFile).toBe(true);
    expect((await drawer(w.alice, id)).body.data.canFile).toBe(true);
    expect((await drawer(w.oscar, id)).body.data.canFile).toBe(false);

    // The ADMIN files (or corrects) it for the agent, named as who saved it.
    const byAdmin = await file(w.alice, { ...body, resolutionStatus: 'escalated', note: 'filed for Olga' });
    expect(byAdmin.body.data).toMatchObject({ issueType: 'inquiry', resolutionStatus: 'escalated', by: 'alice-alias' });
    const again = await file(w.olga, body);
    expect(again.body.data).toMatchObject({ resolutionStatus: 'resolved', by: 'olga-alias' });
  });

  it('a call no seat took has nothing to file, not even for the ADMIN', async () => {
    const w = await world();
    const plain = await insertCall(server, w.spring);
    expect((await file(w.alice, { callId: plain, issueType: 'other', resolutionStatus: 'resolved' })).body.code).toBe(404);
    expect((await drawer(w.alice, plain)).body.data.canFile).toBe(false);
  });
});

describe('calls still to file', () => {
  it("lists the agent's own unfiled calls, newest first, until they are filed — later, from the call-record drawer's endpoint", async () => {
    const w = await world();
    const older = await transferredCall(w.spring, ['olga'], 'olga', { placedAt: new Date(Date.now() - 3_600_000) });
    const newer = await transferredCall(w.spring, ['olga'], 'olga', { placedAt: new Date(Date.now() - 600_000) });
    // The call in progress too (it has just ended on the seat, perhaps, and the dialer has not written its end yet).
    const live = await transferredCall(w.spring, ['olga'], 'olga', { placedAt: new Date(), endedAt: null });
    // Not listed: filed already, never put through (its media failed; the customer hung up first), someone
    // else's, not taken.
    const filed = await transferredCall(w.spring, ['olga'], 'olga');
    await file(w.olga, { callId: filed, issueType: 'other', resolutionStatus: 'resolved' });
    await transferredCall(w.spring, ['olga'], 'olga', {
      transferOutcome: 'failed',
      seatFailure: 'Call connection failed, system has automatically hung up',
    });
    await transferredCall(w.spring, ['olga'], 'olga', { transferOutcome: 'lost' });
    await transferredCall(w.spring, ['oscar'], 'oscar');
    await transferredCall(w.spring, ['olga'], null);

    const listed = await unfiled(w.olga);
    expect(listed.body.code).toBe(200);
    expect(listed.body.data.total).toBe(3);
    expect(listed.body.data.list.map((c) => c.id)).toEqual([live, newer, older]);
    expect(listed.body.data.list[1]).toMatchObject({ projectName: 'Spring', phone: '*******0001', transferOutcome: 'success' });

    // Skipped at the seat, filed later (the call-record drawer uses the same endpoint): off the list.
    expect((await file(w.olga, { callId: older, issueType: 'billing', resolutionStatus: 'follow-up' })).body.code).toBe(200);
    expect((await unfiled(w.olga)).body.data.list.map((c) => c.id)).toEqual([live, newer]);
    expect((await unfiled(w.oscar)).body.data.total).toBe(1);
    expect((await unfiled(w.greg)).body.data.total).toBe(0);
  });

  it('lists only calls of projects still assigned to the agent (those the drawer opens), and is for agents only', async () => {
    const w = await world();
    await transferredCall(w.spring, ['olga'], 'olga');
    await server.database.db.delete(projectOperators).where(eq(projectOperators.projectId, w.spring.projectId));
    expect((await unfiled(w.olga)).body.data.total).toBe(0);
    expect((await unfiled(w.alice)).body.code).toBe(403);
    expect((await call(server, '/api/seat/unfiled', { body: {} })).status).toBe(401);
    // A filing still works for the agent who took the call.
    const [taken] = await server.database.db.select({ id: calls.id }).from(calls).where(eq(calls.projectId, w.spring.projectId));
    expect((await file(w.olga, { callId: taken!.id, issueType: 'other', resolutionStatus: 'resolved' })).body.code).toBe(200);
  });
});
