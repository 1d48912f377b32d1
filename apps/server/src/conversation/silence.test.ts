import { describe, expect, it } from 'vitest';
import { SilenceWatch, silenceRules, type SilenceRules } from './silence.ts';

/** A hand-driven clock: timers fire when the test advances it. */
function clock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    now: () => now,
    after: (ms: number, fn: () => void) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id as unknown as NodeJS.Timeout;
    },
    clear: (timer: NodeJS.Timeout | null) => {
      if (timer !== null) timers.delete(timer as unknown as number);
    },
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
  };
}

const rules: SilenceRules = { seconds: 6, max: 2, prompts: ['Are you there?', 'Can you hear me?'], hangupText: 'Goodbye.' };

function watch() {
  const c = clock();
  const said: string[] = [];
  const w = new SilenceWatch(
    rules,
    { after: c.after, clear: c.clear, scale: 1, wakeUp: (p) => said.push(`wake:${p}`), giveUp: (t) => said.push(`bye:${t}`) },
    c.now,
  );
  return { c, said, w };
}

describe('the silence watch', () => {
  it('counts only from the end of the opening, and wakes the callee after the threshold of an idle line', () => {
    const { c, said, w } = watch();
    c.advance(10_000);
    expect(said).toEqual([]);
    w.start();
    c.advance(5999);
    expect(said).toEqual([]);
    c.advance(1);
    expect(said).toEqual(['wake:Are you there?']);
  });

  it('never runs while a reply is in flight, a turn waits, or the callee speaks; the threshold restarts when the line is idle again', () => {
    const { c, said, w } = watch();
    w.start();
    w.busy('turn', true); // the callee's final is queued
    w.busy('reply', true); // the answer is being made and spoken
    c.advance(20_000);
    expect(said).toEqual([]);
    expect(w.armed).toBe(false);
    w.busy('reply', false);
    w.busy('turn', false);
    expect(w.armed).toBe(true);
    c.advance(3000);
    w.busy('callee', true);
    c.advance(10_000);
    expect(said).toEqual([]);
    w.busy('callee', false);
    c.advance(5999);
    expect(said).toEqual([]);
    c.advance(1);
    expect(said).toEqual(['wake:Are you there?']);
  });

  it('a barge-in never arms it: the interrupted reply closes while the callee speaks and the next turn is queued', () => {
    const { c, said, w } = watch();
    w.start();
    w.busy('reply', true); // our answer plays
    w.busy('callee', true); // the callee talks over it
    w.busy('turn', true); // their final is queued behind the cut reply
    w.busy('callee', false);
    w.busy('reply', false); // the cut reply closes: the old code armed the timer here
    expect(w.armed).toBe(false);
    w.busy('reply', true); // the next answer starts
    c.advance(30_000);
    expect(said).toEqual([]);
  });

  it('after the last wake-up it gives up with the hang-up text, once', () => {
    const { c, said, w } = watch();
    w.start();
    c.advance(6000);
    c.advance(6000);
    c.advance(6000);
    c.advance(60_000);
    expect(said).toEqual(['wake:Are you there?', 'wake:Can you hear me?', 'bye:Goodbye.']);
  });

  it("stops for good at a handover; the task's settings win over the scenario's rules", () => {
    const { c, said, w } = watch();
    w.start();
    w.stop();
    c.advance(60_000);
    expect(said).toEqual([]);
    const scenario = { silence: { enabled: true, timeoutSeconds: 8, maxPrompts: 1, prompts: ['Hello?'], hangupText: 'Bye.' } };
    expect(silenceRules({ scenario, advanced: { prologues: [] } } as never)).toEqual({
      seconds: 8,
      max: 1,
      prompts: ['Hello?'],
      hangupText: 'Bye.',
    });
    expect(
      silenceRules({
        scenario,
        advanced: {
          prologues: [],
          silenceThresholdSeconds: 5,
          silenceMaxAttempts: 3,
          silenceWords: 'Still there?',
          timeoutReply: 'Goodbye.',
        },
      } as never),
    ).toEqual({ seconds: 5, max: 3, prompts: ['Still there?'], hangupText: 'Goodbye.' });
  });
});
