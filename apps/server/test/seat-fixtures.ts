import { EventEmitter } from 'node:events';
import { afterEach, beforeEach } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { seatOffers, users } from '../src/db/schema.ts';
import type { CallEventMap, CallHandle, CallResult, VoiceSource } from '../src/telephony/index.ts';
import type { TransferRequest } from '../src/conversation/seat-dispatcher.ts';
import { seedCompanies, type TestServer } from './helper.ts';
import { SeatClient } from './seat-client.ts';
import { assignOperator, insertPlacedCall, projectWithTask } from './call-fixtures.ts';
import { userWithSession } from './task-fixtures.ts';

/**
 * A call for dispatcher tests that need no audio: it can be hung up and reports its end, like a trunk's
 * call. Media tests use a real SIP call to sipp instead.
 */
export class QuietCall extends EventEmitter<CallEventMap> {
  readonly id = crypto.randomUUID();
  readonly to = '13800000001';
  state: CallHandle['state'] = 'answered';
  hungUp = false;
  source: VoiceSource | null = null;
  private end!: (result: CallResult) => void;
  readonly ended = new Promise<CallResult>((resolve) => {
    this.end = resolve;
  });
  async hangup(): Promise<CallResult> {
    this.hungUp = true;
    this.calleeHangsUp();
    return this.ended;
  }
  calleeHangsUp(): void {
    this.state = 'ended';
    this.end({ callId: this.id } as CallResult);
  }
  setVoiceSource(source: VoiceSource | null): void {
    this.source = source;
  }
}

export interface SeatWorld {
  companyId: string;
  otherCompanyId: string;
  projectId: string;
  taskId: string;
  lineId: string;
  tokens: Record<'op1' | 'op2' | 'stranger' | 'admin', string>;
}

/** A company with a project whose agents are op1 and op2; `stranger` is an agent of another company. */
export async function seatWorld(server: TestServer, seeded: { companyId: string; otherCompanyId: string }): Promise<SeatWorld> {
  const admin = await userWithSession(server, seeded.companyId, 'seatadmin', 'ADMIN');
  const { projectId, taskId, lineId } = await projectWithTask(server, admin, seeded.companyId, 'Seats');
  const tokens = {
    op1: await userWithSession(server, seeded.companyId, 'op1', 'OPR'),
    op2: await userWithSession(server, seeded.companyId, 'op2', 'OPR'),
    stranger: await userWithSession(server, seeded.otherCompanyId, 'stranger', 'OPR'),
    admin,
  };
  await assignOperator(server, seeded.companyId, projectId, 'op1');
  await assignOperator(server, seeded.companyId, projectId, 'op2');
  return { companyId: seeded.companyId, otherCompanyId: seeded.otherCompanyId, projectId, taskId, lineId, tokens };
}

/** A live call record of the world's task and the transfer request of it. */
export async function transferRequest(
  server: TestServer,
  world: SeatWorld,
  call: CallHandle,
  signal = new AbortController().signal,
): Promise<TransferRequest> {
  const callId = await insertPlacedCall(
    server,
    { companyId: world.companyId, projectId: world.projectId, taskId: world.taskId, lineId: world.lineId },
    { placedAt: new Date(), endedAt: null, businessInfo: { plan: 'gold' } },
  );
  return {
    callId,
    companyId: world.companyId,
    projectId: world.projectId,
    taskId: world.taskId,
    subtaskId: '1',
    call,
    conversation: [{ speaker: 'customer', text: 'I want a person', at: new Date() }],
    summary: 'Asked for a human about the gold plan',
    signal,
  };
}

/**
 * The per-test frame of a seat test file: the server listening on loopback, a fresh `world`, and seat
 * connections (`open`) that are closed after each test.
 */
export function useSeatWorld(server: TestServer) {
  const clients: SeatClient[] = [];
  const fixture = {
    world: null as unknown as SeatWorld,
    baseUrl: '',
    async open(token?: string, query = '', headers: Record<string, string> = {}): Promise<SeatClient> {
      const client = await SeatClient.open(fixture.baseUrl, token, query, headers);
      clients.push(client);
      return client;
    },
    /** A seat of `token` on `app` (this server, or another one on the same database), signed in. */
    async signedInOn(app: FastifyInstance, token: string): Promise<SeatClient> {
      const client = await SeatClient.open(urlOf(app), token);
      clients.push(client);
      await client.signIn();
      return client;
    },
    /** A seat of `token` on this server, signed in and waiting, its messages in English. */
    async waiting(token: string): Promise<SeatClient> {
      const client = await fixture.open(token, '?locale=en-US');
      await client.signIn();
      return client;
    },
    /** A quiet call transferred to the seats: the call, the request (with the call's id) and the dispatcher's pending answer. */
    async transferQuietCall(signal?: AbortSignal) {
      const call = new QuietCall();
      const request = await transferRequest(server, fixture.world, call as unknown as CallHandle, signal);
      return { call, request, pending: server.app.seats.transfer(request) };
    },
    /** A quiet call's transfer request whose handover note is still being written; `write` finishes the note. */
    async transferWithNoteToCome() {
      let write!: (note: string) => void;
      const summary = new Promise<string>((resolve) => {
        write = resolve;
      });
      const request = { ...(await transferRequest(server, fixture.world, new QuietCall() as unknown as CallHandle)), summary };
      return { request, write };
    },
    async userId(username: string): Promise<string> {
      const [row] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
      return row!.id;
    },
    /** The states of the offers made for a call. */
    offersOf: (callId: string) =>
      server.database.db.select({ state: seatOffers.state }).from(seatOffers).where(eq(seatOffers.callId, callId)),
  };
  beforeEach(async () => {
    if (!server.app.server.listening) await server.app.listen({ port: 0, host: '127.0.0.1' });
    fixture.baseUrl = urlOf(server.app);
    fixture.world = await seatWorld(server, await seedCompanies(server));
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) {
      client.close();
      await client.closed;
    }
  });
  return fixture;
}

/** The loopback URL an app listens on. */
function urlOf(app: FastifyInstance): string {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
