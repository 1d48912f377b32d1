import { eq } from 'drizzle-orm';
import {
  BENCH_LIMITS,
  type BenchStart,
  type BenchStarted,
  ErrorCode,
  benchStartSchema,
  parseBusinessInfo,
  taskAdvancedSchema,
} from '@dialwise/contracts';
import type { ActionContext } from '../../../auth/actor.ts';
import { loadVersionPlan } from '../../../conversation/load-plan.ts';
import { companies, scenarios } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { SecretBox } from '../../../secrets/secret-box.ts';
import { BenchSession } from './bench-session.ts';

/**
 * This process's test-bench conversations. A session belongs to the user who started it: every other
 * user — another DEV included — is answered "not found", so one person's test conversation (which may
 * hold a customer's business info) is never seen by another. Idle sessions are hung up.
 */
export class BenchSessions {
  private readonly sessions = new Map<string, BenchSession>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly secrets: SecretBox) {
    this.sweeper = setInterval(() => this.sweep(), 30_000);
    this.sweeper.unref();
  }

  async start(ctx: ActionContext, input: BenchStart): Promise<BenchStarted> {
    const { scenarioId, persona, prologueInfo, businessInfo } = benchStartSchema.parse(input);
    const mine = [...this.sessions.values()].filter((s) => s.ownerId === ctx.actor.userId && !s.ended);
    if (mine.length >= BENCH_LIMITS.perUser) throw new AppError(ErrorCode.CONFLICT, 'e.bench.tooMany');
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
    const info = parseBusinessInfo(businessInfo) ?? {};
    const session = new BenchSession(ctx.actor.userId, plan, scenario.version, persona, { prologueInfo, businessInfo: info });
    this.sessions.set(session.id, session);
    return { sessionId: session.id, version: scenario.version };
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
    session.say(text);
  }

  async hangUp(ctx: ActionContext, sessionId: string): Promise<void> {
    await this.get(ctx, sessionId).hangUp('hangup');
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((s) => s.hangUp('closed')));
    this.sessions.clear();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (now - session.lastActivity < BENCH_LIMITS.idleMs) continue;
      if (session.ended) this.sessions.delete(id);
      else void session.hangUp('idle');
    }
  }
}
