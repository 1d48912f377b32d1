import type { ConversationPlan } from './plan.ts';

/**
 * Conversation plans by task, kept for a few seconds: a task dialling 100 calls a second reads its
 * scenario, processors and models once, yet an edited processor or model reaches the calls soon after.
 * Concurrent lookups of one task share one read.
 */
export class PlanCache {
  private readonly entries = new Map<string, { at: number; plan: Promise<ConversationPlan | null> }>();

  constructor(
    private readonly load: (taskId: string) => Promise<ConversationPlan | null>,
    private readonly ttlMs = 10_000,
  ) {}

  get(taskId: string): Promise<ConversationPlan | null> {
    const now = Date.now();
    const hit = this.entries.get(taskId);
    if (hit && now - hit.at < this.ttlMs) return hit.plan;
    const plan = this.load(taskId).catch(() => null);
    this.entries.set(taskId, { at: now, plan });
    if (this.entries.size > 1000) {
      for (const [key, entry] of this.entries) if (now - entry.at >= this.ttlMs) this.entries.delete(key);
    }
    return plan;
  }
}
