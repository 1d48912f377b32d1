/**
 * Paces call setups on one SIP line: a token bucket refilled at the line's calls-per-second, with a burst
 * of one second's worth. A back-pressure answer from the carrier (403/429/503) halves the effective rate
 * and holds new setups for a cool-down that doubles while the line keeps pushing back (capped); calls that
 * get through restore the rate step by step. Time is passed in, so the behaviour is tested without waiting.
 */
export interface PacerOptions {
  cps: number;
  /** First hold after a back-pressure answer. */
  coolDownMs?: number;
  maxCoolDownMs?: number;
  /** The effective rate never drops below this share of the configured one. */
  minShare?: number;
}

export class LinePacer {
  private tokens: number;
  private lastRefill: number;
  private share = 1;
  private holdUntil = 0;
  private coolDown: number;
  private readonly baseCoolDown: number;
  private readonly maxCoolDown: number;
  private readonly minShare: number;

  constructor(
    private cps: number,
    now: number,
    options: Omit<PacerOptions, 'cps'> = {},
  ) {
    this.tokens = Math.max(1, cps);
    this.lastRefill = now;
    this.baseCoolDown = options.coolDownMs ?? 5_000;
    this.coolDown = this.baseCoolDown;
    this.maxCoolDown = options.maxCoolDownMs ?? 120_000;
    this.minShare = options.minShare ?? 0.1;
  }

  /** The line's configured rate changed (an admin edited it). */
  setCps(cps: number): void {
    this.cps = cps;
  }

  get effectiveCps(): number {
    return Math.max(this.cps * this.share, this.cps * this.minShare);
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.lastRefill) / 1000;
    this.tokens = Math.min(Math.max(1, this.effectiveCps), this.tokens + elapsed * this.effectiveCps);
    this.lastRefill = now;
  }

  /** Takes a token when a call may be set up now. */
  tryTake(now: number): boolean {
    if (now < this.holdUntil) return false;
    this.refill(now);
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whole setups that could start now, without taking them. */
  available(now: number): number {
    if (now < this.holdUntil) return 0;
    this.refill(now);
    return Math.floor(this.tokens);
  }

  /** Milliseconds until `tryTake` can succeed (0 when it can now). */
  waitMs(now: number): number {
    if (now < this.holdUntil) return this.holdUntil - now;
    this.refill(now);
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.effectiveCps) * 1000);
  }

  /** The carrier pushed back: slow down and hold, longer each time it repeats. */
  backPressure(now: number): void {
    this.share = Math.max(this.minShare, this.share / 2);
    this.holdUntil = now + this.coolDown;
    this.coolDown = Math.min(this.maxCoolDown, this.coolDown * 2);
    this.tokens = 0;
    this.lastRefill = this.holdUntil;
  }

  /** A call got through (any answer that is not back-pressure): recover a step. */
  accepted(): void {
    this.share = Math.min(1, this.share * 1.25);
    if (this.share === 1) this.coolDown = this.baseCoolDown;
  }

  get heldUntil(): number {
    return this.holdUntil;
  }
}
