import { eq } from 'drizzle-orm';
import {
  BENCH_LIMITS,
  type BenchStart,
  type BenchStarted,
  type BenchVoiceStart,
  type BenchVoiceStarted,
  ErrorCode,
  type IceServer,
  WEB_CALL_LIMITS,
  benchStartSchema,
  benchVoiceStartSchema,
  parseBusinessInfo,
  taskAdvancedSchema,
} from '@dialwise/contracts';
import type { ActionContext } from '../../../auth/actor.ts';
import { findEndedSessions } from '../../../auth/find-ended-sessions.ts';
import type { SessionEnds } from '../../../auth/session-ends.ts';
import type { Db } from '../../../db/client.ts';
import { loadVersionPlan } from '../../../conversation/load-plan.ts';
import { companies, scenarios } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SecretBox } from '../../../secrets/secret-box.ts';
import type { SpeechEngines } from '../../../speech/speech-engines.ts';
import { openBrowserLeg } from '../../../webcall/open-browser-leg.ts';
import type { OtherWebCalls } from '../../../webcall/test-calls.ts';
import { BenchSession } from './bench-session.ts';

/** An open event stream: whose, under which sign-in session, and how to end it. */
interface EventStream {
  userId: string;
  signInSessionId: string;
  end: () => void;
}

/**
 * This process's test-bench conversations. A session belongs to the user who started it: every other
 * user — another DEV included — is answered "not found", so one person's test conversation (which may
 * hold a customer's business info) is never seen by another. Idle sessions are hung up.
 *
 * Their event streams are capped per user (`BENCH_LIMITS.streamsPerUser`) and end with the sign-in session
 * they were opened with — signed out, signed in elsewhere, ended by an administrator (announced at once), or
 * expired (found by the sweep).
 */
export class BenchSessions {
  private readonly sessions = new Map<string, BenchSession>();
  private readonly streams = new Set<EventStream>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  /** The tasks' test calls of this process, counted against the same limits. */
  testCalls: OtherWebCalls | null = null;

  constructor(
    private readonly secrets: SecretBox,
    private readonly deps: {
      db: Db;
      sessionEnds: SessionEnds;
      now: () => Date;
      /** The speech engines voice conversations use (loaded on first use; null: they could not load). */
      speech: () => Promise<SpeechEngines | null>;
      /** ICE for the browser's WebRTC leg: STUN/TURN servers (ICE_SERVERS) and extra host addresses. */
      ice: { servers: readonly IceServer[]; addresses?: string[] };
    },
  ) {
    this.sweeper = setInterval(() => void this.sweep(), 30_000);
    this.sweeper.unref();
    this.unsubscribe = deps.sessionEnds.subscribe((ended) => this.endStreams(ended));
  }

  /**
   * Registers an event stream of the caller's, refused past the per-user cap; answers how to unregister it
   * (when it closes by itself). `end` is called when the caller's sign-in session ends.
   */
  openStream(ctx: ActionContext, end: () => void): () => void {
    const mine = [...this.streams].filter((stream) => stream.userId === ctx.actor.userId);
    if (mine.length >= BENCH_LIMITS.streamsPerUser) throw new AppError(ErrorCode.CONFLICT, 'e.bench.tooManyStreams');
    const stream: EventStream = { userId: ctx.actor.userId, signInSessionId: ctx.actor.sessionId, end };
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  private endStreams(ended: ReadonlySet<string>): void {
    for (const stream of this.streams) {
      if (!ended.has(stream.signInSessionId)) continue;
      this.streams.delete(stream);
      stream.end();
    }
  }

  async start(ctx: ActionContext, input: BenchStart): Promise<BenchStarted> {
    const { scenarioId, persona, prologueInfo, businessInfo } = benchStartSchema.parse(input);
    this.refuseOverLimit(ctx, false);
    const { plan, version } = await this.versionPlan(ctx, scenarioId);
    const info = parseBusinessInfo(businessInfo) ?? {};
    const session = new BenchSession(ctx.actor.userId, plan, version, { kind: 'text', persona }, { prologueInfo, businessInfo: info });
    this.sessions.set(session.id, session);
    return { sessionId: session.id, version };
  }

  /**
   * A voice conversation: the browser's offer is answered by our WebRTC peer, and the scenario runs on that leg
   * with the speech engines of a SIP call. Counted with the typed ones per user, and per company.
   */
  async startVoice(ctx: ActionContext, input: BenchVoiceStart): Promise<BenchVoiceStarted> {
    const { scenarioId, prologueInfo, businessInfo, sdp } = benchVoiceStartSchema.parse(input);
    this.refuseOverLimit(ctx, true);
    const { plan, version } = await this.versionPlan(ctx, scenarioId);
    const engines = await this.deps.speech();
    if (!engines) throw new AppError(ErrorCode.CONFLICT, 'e.webcall.noSpeech');
    // Checked again: another start of the same user may have passed while the plan and the engines loaded.
    this.refuseOverLimit(ctx, true);
    const leg = await openBrowserLeg({
      offerSdp: sdp,
      iceServers: this.deps.ice.servers,
      iceAddresses: this.deps.ice.addresses,
      recordingPath: null,
    });
    const info = parseBusinessInfo(businessInfo) ?? {};
    const session = new BenchSession(
      ctx.actor.userId,
      plan,
      version,
      { kind: 'voice', call: leg.call, engines, companyId: ctx.actor.companyId },
      { prologueInfo, businessInfo: info },
    );
    this.sessions.set(session.id, session);
    return { sessionId: session.id, version, sdp: leg.answerSdp };
  }

  /** Open conversations of a user, typed and voice (the tasks' test calls count them with their own). */
  openOf(userId: string): number {
    return [...this.sessions.values()].filter((s) => !s.ended && s.ownerId === userId).length;
  }

  /** Open voice conversations of a company (the tasks' test calls count them with their own). */
  voiceOf(companyId: string): number {
    return [...this.sessions.values()].filter((s) => !s.ended && s.leg.kind === 'voice' && s.leg.companyId === companyId).length;
  }

  /**
   * At most `perUser` open conversations per user; voice ones also at most `perCompany` per company. The tasks'
   * test calls (`testCalls`, set once they exist) count too: both are a person's open test calls.
   */
  private refuseOverLimit(ctx: ActionContext, voice: boolean): void {
    const { userId, companyId } = ctx.actor;
    if (this.openOf(userId) + (this.testCalls?.openOf(userId) ?? 0) >= BENCH_LIMITS.perUser) {
      throw new AppError(ErrorCode.CONFLICT, 'e.bench.tooMany');
    }
    const voiceOfCompany = this.voiceOf(companyId) + (this.testCalls?.voiceOf(companyId) ?? 0);
    if (voice && voiceOfCompany >= WEB_CALL_LIMITS.perCompany) throw new AppError(ErrorCode.CONFLICT, 'e.webcall.tooManyForCompany');
  }

  private async versionPlan(ctx: ActionContext, scenarioId: string) {
    const [scenario] = await ctx.db.select({ version: scenarios.currentVersion }).from(scenarios).where(eq(scenarios.id, scenarioId));
    if (!scenario) throw AppError.notFound();
    const [company] = await ctx.db.select({ timeZone: companies.timezone }).from(companies).where(eq(companies.id, ctx.actor.companyId));
    const plan = await loadVersionPlan(ctx.db, this.secrets, {
      scenarioId,
      version: scenario.version,
      advanced: taskAdvancedSchema.parse({ prologues: [] }),
      timeZone: company?.timeZone ?? 'UTC',
    });
    if (!plan) throw new AppError(ErrorCode.CONFLICT, 'e.bench.noVersion');
    return { plan, version: scenario.version };
  }

  /** The caller's own live-or-finished session; anyone else's is not found. */
  get(ctx: ActionContext, sessionId: string): BenchSession {
    const session = this.sessions.get(sessionId);
    if (!session || session.ownerId !== ctx.actor.userId) throw new AppError(ErrorCode.NOT_FOUND, 'e.bench.notFound');
    return session;
  }

  say(ctx: ActionContext, sessionId: string, text: string): void {
    const session = this.get(ctx, sessionId);
    if (session.ended) throw new AppError(ErrorCode.NOT_FOUND, 'e.bench.notFound');
    if (!session.say(text)) throw new AppError(ErrorCode.CONFLICT, 'e.bench.voiceSession');
  }

  async hangUp(ctx: ActionContext, sessionId: string): Promise<void> {
    await this.get(ctx, sessionId).hangUp('hangup');
  }

  /**
   * Ends every open event stream (the server is closing): before the HTTP server waits for its connections,
   * which a stream would otherwise hold open.
   */
  endAllStreams(): void {
    for (const stream of this.streams) stream.end();
    this.streams.clear();
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.unsubscribe();
    this.endAllStreams();
    await Promise.all([...this.sessions.values()].map((s) => s.hangUp('closed')));
    this.sessions.clear();
  }

  private async sweep(): Promise<void> {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (now - session.lastActivity < BENCH_LIMITS.idleMs) continue;
      if (session.ended) this.sessions.delete(id);
      else void session.hangUp('idle');
    }
    if (this.streams.size === 0) return;
    const signIns = [...new Set([...this.streams].map((stream) => stream.signInSessionId))];
    this.endStreams(await findEndedSessions(this.deps.db, signIns, this.deps.now()).catch(() => new Set<string>()));
  }
}
