import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { AsrEngine, AsrOptions, AsrSession, AsrSessionEvents, Transcript, TtsEngine, TtsRequest } from './engines.ts';
import { FallbackAsr } from './fallback-asr.ts';
import { FallbackTts } from './fallback-tts.ts';
import { VendorError } from './vendors/shared/vendor-error.ts';

/** An ASR session that records what it gets and finals on flush with the number of frames it heard. */
class ScriptedSession extends EventEmitter<AsrSessionEvents> implements AsrSession {
  frames: number[] = [];
  closed = false;
  constructor(readonly name: string) {
    super();
  }
  push(_samples: Int16Array, atMs: number) {
    this.frames.push(atMs);
  }
  flush() {
    const text = `${this.name} heard ${this.frames.length}`;
    this.frames = [];
    queueMicrotask(() => this.emit('transcript', { text, final: true, startMs: 0, endMs: 0, confidence: null }));
  }
  close() {
    this.closed = true;
  }
}

function engineOf(make: (options: AsrOptions) => AsrSession): AsrEngine & { opened: AsrOptions[] } {
  const opened: AsrOptions[] = [];
  return {
    opened,
    open(options) {
      opened.push(options);
      return make(options);
    },
  };
}

const options: AsrOptions = { provider: 'seed', url: null, language: 'en-US', phrases: ['yes'], credentials: { appId: 'x' } };
const frame = new Int16Array(160);
const collect = (session: AsrSession) => {
  const finals: Transcript[] = [];
  const errors: string[] = [];
  session.on('transcript', (t) => t.final && finals.push(t));
  session.on('error', (e) => errors.push(e.message));
  return { finals, errors };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('FallbackAsr', () => {
  it('passes the vendor through while it works', async () => {
    const vendor = new ScriptedSession('vendor');
    const session = new FallbackAsr(
      engineOf(() => vendor),
      engineOf(() => new ScriptedSession('offline')),
    ).open(options);
    const { finals, errors } = collect(session);
    for (let i = 0; i < 5; i++) session.push(frame, i * 20);
    session.flush();
    await settle();
    expect(finals.map((f) => f.text)).toEqual(['vendor heard 5']);
    expect(errors).toEqual([]);
  });

  it('a vendor failing mid-turn: reported once, the turn replayed into the offline recogniser, which serves the rest of the call', async () => {
    const vendor = new ScriptedSession('vendor');
    const offline = engineOf(() => new ScriptedSession('offline'));
    const session = new FallbackAsr(
      engineOf(() => vendor),
      offline,
    ).open(options);
    const { finals, errors } = collect(session);
    for (let i = 0; i < 3; i++) session.push(frame, i * 20);
    session.flush();
    await settle();
    for (let i = 3; i < 7; i++) session.push(frame, i * 20);
    vendor.emit('error', new VendorError('disconnected', 'seed', 'socket closed'));
    session.flush();
    await settle();
    expect(vendor.closed).toBe(true);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/seed ASR failed .*socket closed.*offline recogniser for the rest of the call/);
    // The 4 frames of the turn in progress reached the offline recogniser; its options carry no vendor credentials.
    expect(finals.map((f) => f.text)).toEqual(['vendor heard 3', 'offline heard 4']);
    expect(offline.opened[0]).toMatchObject({ provider: 'offline', url: null, credentials: undefined, phrases: ['yes'] });
    session.push(frame, 200);
    session.flush();
    await settle();
    expect(finals.at(-1)?.text).toBe('offline heard 1');
    expect(errors).toHaveLength(1);
  });

  it('a failure after the flush (the final never came) is answered by the offline recogniser', async () => {
    const vendor = new ScriptedSession('vendor');
    vendor.flush = () => undefined;
    const session = new FallbackAsr(
      engineOf(() => vendor),
      engineOf(() => new ScriptedSession('offline')),
    ).open(options);
    const { finals } = collect(session);
    for (let i = 0; i < 2; i++) session.push(frame, i * 20);
    session.flush();
    vendor.emit('error', new Error('no credentials'));
    await settle();
    expect(finals.map((f) => f.text)).toEqual(['offline heard 2']);
  });

  it('no offline model for the language: the failure says so and every turn comes out as an unheard final', async () => {
    const vendor = new ScriptedSession('vendor');
    const session = new FallbackAsr(
      engineOf(() => vendor),
      engineOf(() => {
        throw new Error('no offline speech recogniser for zh-CN');
      }),
    ).open({ ...options, language: 'zh-CN' });
    const { finals, errors } = collect(session);
    session.push(frame, 0);
    session.flush();
    vendor.emit('error', new Error('refused'));
    session.push(frame, 20);
    session.flush();
    await settle();
    expect(errors[0]).toMatch(/no offline recogniser: no offline speech recogniser for zh-CN/);
    expect(finals).toHaveLength(2);
    expect(finals.every((f) => f.text === '' && f.unheard)).toBe(true);
  });
});

describe('FallbackTts', () => {
  const request = (text: string): TtsRequest => ({
    text,
    signal: new AbortController().signal,
    voice: { provider: 'seed', url: null, voiceId: 'BV001', clusterKey: null, language: 'en-US' },
  });
  function offlineSpy() {
    const said: string[] = [];
    const engine: TtsEngine = {
      async *synthesize(r) {
        said.push(r.text);
        expect(r.voice).toMatchObject({ provider: 'offline', voiceId: '', credentials: undefined });
        yield new Int16Array(80);
      },
    };
    return { engine, said };
  }

  it('no credentials stored: the offline voice says the whole sentence, no apology; the reason is reported', async () => {
    const offline = offlineSpy();
    const failures: string[] = [];
    const vendor: TtsEngine = {
      async *synthesize() {
        throw new VendorError('credentials', 'seed', 'no appId is stored for this provider');
      },
    };
    const tts = new FallbackTts(vendor, offline.engine, (detail) => failures.push(detail));
    for await (const _ of tts.synthesize(request('Hello, this is Lin.'))) void _;
    for await (const _ of tts.synthesize(request('Anything else?'))) void _;
    expect(offline.said).toEqual(['Hello, this is Lin.', 'Anything else?']);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/no credentials stored for this company/);
  });

  it('a vendor dropping mid-sentence: an apology and only the part not yet heard', async () => {
    const offline = offlineSpy();
    const vendor: TtsEngine = {
      async *synthesize() {
        // 1.2 s of a sentence of six words (about 2.4 s): about half was heard.
        yield new Int16Array(9600);
        throw new VendorError('disconnected', 'seed', 'socket closed');
      },
    };
    const tts = new FallbackTts(vendor, offline.engine, () => undefined);
    for await (const _ of tts.synthesize(request('one two three four five six'))) void _;
    expect(offline.said).toHaveLength(1);
    expect(offline.said[0]).toMatch(/^Sorry, /);
    expect(offline.said[0]).not.toContain('one');
  });
});
