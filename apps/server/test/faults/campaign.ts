import { UPLOAD_CONTENT_TYPE, type Envelope, type TaskOptions } from '@dialwise/contracts';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeLlm, tokens, type FakeLlm } from '../fake-llm.ts';

/** The demo accounts' password (DEMO_PASSWORD of the processes the fault tests start). */
export const DEMO_PASSWORD = 'Fault#Test2026';

/** Calls a running server over HTTP as a client would, and fails on anything but code 200. */
export class Api {
  constructor(
    private readonly base: () => string,
    readonly token = '',
  ) {}

  static async signIn(base: () => string, username: string, role: 'admin' | 'agent'): Promise<Api> {
    const answer = await new Api(base).post<{ token: string }>('/api/user/login', { username, password: DEMO_PASSWORD, role, force: true });
    return new Api(base, answer.token);
  }

  async post<T>(path: string, body: unknown = {}): Promise<T> {
    const response = await fetch(`${this.base()}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
    return envelope.data;
  }

  /** The subtask upload: the CSV as the raw body; answers the final NDJSON line's envelope. */
  async upload(taskId: string, body: BodyInit, init: { duplex?: 'half'; signal?: AbortSignal } = {}): Promise<Envelope<unknown>> {
    const response = await fetch(`${this.base()}/api/subtasks/upload?taskId=${taskId}`, {
      method: 'POST',
      headers: { 'content-type': UPLOAD_CONTENT_TYPE, authorization: `Bearer ${this.token}`, 'x-upload-filename': 'numbers.csv' },
      body,
      ...init,
    } as RequestInit);
    const lines = (await response.text()).trim().split('\n');
    return JSON.parse(lines.at(-1)!) as Envelope<unknown>;
  }
}

/** A CSV of `count` distinct numbers starting at `first`. */
export function numbersCsv(count: number, first = 13_700_000_000): string {
  const rows = ['phoneNumber,prologueInfo,businessInfo,remark'];
  for (let i = 0; i < count; i += 1) rows.push(`${first + i},,,fault test ${i}`);
  return `${rows.join('\n')}\n`;
}

/**
 * The customer's callback endpoint: it holds every request unanswered (the deliveries stay pending, so some
 * are in the outbox or in flight when a process is killed) until `release()`, then answers 200 to all.
 * It remembers the delivery id of every request that reached it.
 */
export interface GatedReceiver {
  url: string;
  /** Delivery ids (x-dialwise-delivery) of every request received, answered or not. */
  deliveries: Set<string>;
  release(): void;
  close(): Promise<void>;
}

export async function startGatedReceiver(): Promise<GatedReceiver> {
  const deliveries = new Set<string>();
  const held = new Set<ServerResponse>();
  let open = false;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      deliveries.add(String(req.headers['x-dialwise-delivery'] ?? ''));
      if (open) res.writeHead(200).end('ok');
      else held.add(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/dialwise`,
    deliveries,
    release() {
      open = true;
      for (const res of held) if (!res.destroyed) res.writeHead(200).end('ok');
      held.clear();
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface Campaign {
  admin: Api;
  dev: Api;
  /** The customer's callback endpoint (scripted by the test) and the model every call talks to. */
  receiver: GatedReceiver;
  model: FakeLlm;
  options: TaskOptions;
  projectId: string;
  close(): Promise<void>;
}

/**
 * The demo company made ready for a campaign that survives its server processes: the demo model is pointed
 * at a model server of the test's own (the seeded URL is the first process's port, which the test kills),
 * and the demo scenario subscribes the test's callback endpoint to its call events.
 */
export async function prepareCampaign(base: () => string): Promise<Campaign> {
  const admin = await Api.signIn(base, 'admin', 'admin');
  const dev = await Api.signIn(base, 'dev', 'admin');
  const model = await startFakeLlm(() => ({ kind: 'tokens', tokens: tokens('Thank you. Have a good day.'), delayMs: 5 }));
  const receiver = await startGatedReceiver();

  const llms = await dev.post<{ list: Array<Record<string, unknown> & { id: string; version: number; vendor: string }> }>(
    '/api/operation/llms/list',
    { pageSize: 100 },
  );
  const demo = llms.list.find((llm) => llm.vendor === 'Dialwise')!;
  await dev.post('/api/operation/llms/update', {
    id: demo.id,
    version: demo.version,
    vendor: demo.vendor,
    modelType: demo.modelType,
    modelName: demo.modelName,
    calledName: demo.calledName,
    tag: demo.tag,
    url: `${model.url}/v1`,
    keyName: demo.keyName,
    apiKey: '',
  });

  const scenarios = await dev.post<{ list: Array<{ id: string; name: string }> }>('/api/operation/scenarios/list', {});
  const scenario = scenarios.list.find((item) => item.name === 'Renewal reminder')!;
  const detail = await dev.post<{ currentVersion: number; document: Record<string, unknown> }>('/api/operation/scenarios/get', {
    id: scenario.id,
  });
  await dev.post('/api/operation/scenarios/update', {
    id: scenario.id,
    baseVersion: detail.currentVersion,
    document: { ...detail.document, callbacks: [{ url: receiver.url, events: ['answered', 'ended', 'analysisDone'] }] },
  });

  const options = await admin.post<TaskOptions>('/api/tasks/options', {});
  const project = await admin.post<{ id: string }>('/api/projects/create', {
    name: `Faults${Date.now() % 100_000}`,
    encryptionType: 'PLAIN_TEXT',
  });
  return {
    admin,
    dev,
    receiver,
    model,
    options,
    projectId: project.id,
    close: async () => {
      await receiver.close();
      await model.close();
    },
  };
}

/** A task of the campaign's project on every simulated line, dialling all day, no redials; answers its id. */
export async function createTask(
  campaign: Pick<Campaign, 'admin' | 'options' | 'projectId'>,
  name: string,
  concurrency: number,
): Promise<string> {
  const scenario = campaign.options.scenarios.find((item) => item.name === 'Renewal reminder') ?? campaign.options.scenarios[0]!;
  const task = await campaign.admin.post<{ id: string }>('/api/tasks/create', {
    projectId: campaign.projectId,
    name,
    scenarioId: scenario.id,
    voiceId: campaign.options.voices[0]!.id,
    sipLineIds: campaign.options.sipLines.map((line) => line.id),
    callStart: '00:00',
    callEnd: '23:59',
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    concurrency: { mode: 'manual', count: concurrency },
    redial: { count: 0, gapMinutes: 1 },
    saveAs: 'task',
  });
  return task.id;
}
