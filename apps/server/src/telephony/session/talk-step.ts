/**
 * Step: stay on the line. With `talkMs`, for that long (then the session hangs up); without, until the
 * far end hangs up. The placeholder for the conversation runtime's "converse" step, which will fill
 * this time with turns instead of silence.
 */
import { KillableDelay, type CallSession, type CallStep } from './call-session.ts';

export class TalkStep implements CallStep {
  readonly name = 'talk';
  private readonly delay = new KillableDelay();
  private stop: (() => void) | null = null;

  constructor(private readonly options: { talkMs?: number } = {}) {}

  async exec(session: CallSession): Promise<void> {
    if (this.options.talkMs !== undefined) {
      await this.delay.wait(this.options.talkMs);
      return;
    }
    await new Promise<void>((resolve) => {
      this.stop = resolve;
      void session.call.ended.then(() => resolve());
    });
  }

  kill(): void {
    this.delay.kill();
    this.stop?.();
  }
}
