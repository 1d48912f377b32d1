import { SEAT_MESSAGE_LIMITS } from '@dialwise/contracts';

/**
 * How many messages one seat connection may still send: a bucket of `burst` tokens refilled at `perSecond`,
 * one token per message. Counted where the frame arrives, before anything is parsed or queued, so a flood
 * costs neither database writes nor memory.
 */
export class MessageBudget {
  private tokens: number;
  private at: number;

  constructor(
    private readonly limits: { burst: number; perSecond: number } = SEAT_MESSAGE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = limits.burst;
    this.at = now();
  }

  /** Takes one message from the budget; false when it is spent (the connection is to close). */
  take(): boolean {
    const now = this.now();
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.at) / 1000) * this.limits.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
