import type { ConversationLine, TaskOptions } from '@dialwise/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { type CallbackReceiver, startCallbackReceiver } from '../callback-receiver.ts';
import { Api, createTask, numbersCsv } from './campaign.ts';
import { eventually, freePort, processWorld, ServerProcess, showOutputOnFailure } from './server-process.ts';

/**
 * Issue 27: calls cut by a shutdown. The demo converses with the server's own demo model, so a shutdown takes
 * the model down with the calls: their analysis cannot run then. It must stay pending (not fail for good), be
 * done at the next start, and the customer's `analysisDone` callback must then go out for every one of them.
 * One real server process (`--demo`) on PostgreSQL, stopped with SIGTERM mid-conversation and started again on
 * the same database; the callback endpoint is a real HTTP server of the test's.
 */
const databaseUrl = process.env.DATABASE_URL!;
const CALLS = 8;

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe('calls cut by a shutdown (PostgreSQL)', () => {
  it('keep their analysis pending, get it at the next start, and their analysisDone callback goes out', async () => {
    const world = await processWorld(databaseUrl, 'dialwise_shutdown', cleanups);
    const env = {
      ...world.env,
      // The test's callback endpoint listens on loopback.
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    };
    const server = new ServerProcess('server', await freePort(), env, ['--demo']);
    cleanups.push(() => server.stop());
    showOutputOnFailure(() => [server]);
    await server.start();

    const receiver: CallbackReceiver = await startCallbackReceiver();
    cleanups.push(() => receiver.close());
    const events = () => receiver.received.map((request) => JSON.parse(request.body) as { event: string; call: { id: string } });
    const admin = await Api.signIn(() => server.url, 'admin', 'admin');
    const dev = await Api.signIn(() => server.url, 'dev', 'admin');
    // The demo scenario (its model: the server's own demo model) tells the receiver of every analysis.
    const scenarios = await dev.post<{ list: Array<{ id: string; name: string }> }>('/api/operation/scenarios/list', {});
    const scenario = scenarios.list.find((item) => item.name === 'Renewal reminder')!;
    const detail = await dev.post<{ currentVersion: number; document: Record<string, unknown> }>('/api/operation/scenarios/get', {
      id: scenario.id,
    });
    await dev.post('/api/operation/scenarios/update', {
      id: scenario.id,
      baseVersion: detail.currentVersion,
      document: { ...detail.document, callbacks: [{ url: receiver.url, events: ['answered', 'analysisDone'] }] },
    });
    const options = await admin.post<TaskOptions>('/api/tasks/options', {});
    const project = await admin.post<{ id: string }>('/api/projects/create', { name: 'Shutdown', encryptionType: 'PLAIN_TEXT' });
    const taskId = await createTask({ admin, options, projectId: project.id }, 'Cut by a shutdown', CALLS);
    const uploaded = await admin.upload(taskId, numbersCsv(CALLS));
    expect(uploaded.code, uploaded.message).toBe(200);
    await admin.post('/api/tasks/action', { taskId, action: 'start' });

    // Conversations under way: calls answered (their answered callback came) at least 5 s ago, not over yet.
    const answeredAt = new Map<string, number>();
    const talking = await eventually(
      'two conversations under way',
      async () => {
        for (const { event, call } of events()) if (event === 'answered' && !answeredAt.has(call.id)) answeredAt.set(call.id, Date.now());
        const ids = [...answeredAt].filter(([, at]) => Date.now() - at >= 5000).map(([id]) => id);
        const { rows } = await world.db.query<{ id: string }>('select id from calls where id = any($1) and ended_at is null', [ids]);
        return rows.length >= 2 ? rows.map((row) => row.id) : undefined;
      },
      120_000,
    );
    await server.stop();

    // Cut mid-conversation: ended, their conversation kept, their analysis pending (not failed).
    const { rows: cut } = await world.db.query<{ id: string; analysis_state: string; conversation: ConversationLine[] }>(
      `select id, analysis_state, conversation from calls where task_id = $1 and answered_at is not null and analysis_state not in ('done', 'none')`,
      [taskId],
    );
    for (const call of cut) expect(call.analysis_state, call.id).toBe('pending');
    // The two that were talking are among them, their conversation so far kept.
    for (const id of talking) {
      const call = cut.find((row) => row.id === id);
      expect(call, id).toBeDefined();
      expect(
        call!.conversation.some((line) => line.speaker === 'ai'),
        id,
      ).toBe(true);
    }
    const delivered = () => new Set(events().flatMap(({ event, call }) => (event === 'analysisDone' ? [call.id] : [])));
    for (const call of cut) expect(delivered().has(call.id), call.id).toBe(false);

    // The next start analyses them with the demo model it serves again, and tells the customer.
    await server.start();
    await eventually(
      'the cut calls analysed and their analysisDone delivered',
      async () => cut.every((call) => delivered().has(call.id)),
      120_000,
    );
    const { rows: after } = await world.db.query<{ id: string; analysis_state: string; summary: string | null }>(
      'select id, analysis_state, summary from calls where id = any($1)',
      [cut.map((call) => call.id)],
    );
    for (const call of after) {
      expect(call.analysis_state, call.id).toBe('done');
      expect(call.summary, call.id).toMatch(/^The AI /);
    }
    expect(server.crashReport()).toBeNull();
    // Two starts of a real server (~30 s each on a busy machine) and conversations at real time.
  }, 400_000);
});
