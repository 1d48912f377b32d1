import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AMD_DEFAULTS } from '@dialwise/contracts';
import { SCENARIOS, startSipp, type Sipp } from '../../test/sipp.ts';
import { writePcapAudio } from '../../test/pcap-audio.ts';
import { nextSubtaskState, statusOf } from '../dialer/finish-call.ts';
import { EspeakTts } from '../speech/espeak-tts.ts';
import { offlineVoice, wholeClip } from '../speech/whole-clip.ts';
import { CallSession, SipTrunk, type SipLine } from '../telephony/index.ts';
import { concat, rms, silence } from '../audio/pcm.ts';
import { WAV_HEADER_BYTES } from '../telephony/media/wav-writer.ts';
import { seededRandom } from '../telephony/simulated/simulated-callee.ts';
import { atLevel, sitTones, speak, telephoneLine, toneAt } from './corpus/line-audio.ts';
import { CallScreen } from './screen-call.ts';
import { MACHINE_PHRASES, recognisedWords } from './amd-words.ts';
import { buildHelper } from '../speech/native-helper.ts';
import { RecognitionPool, SPHINX_SOURCE } from '../speech/sphinx-server.ts';

/**
 * Answering-machine detection on real SIP: sipp plays a recorded far end from a pcap (RTP/PCMU written by
 * our own packetizer parts) — a voicemail greeting with its beep after the answer, or a dead number's
 * special information tones and announcement in early media — and our side decides from the RTP it hears.
 */
const dir = mkdtempSync(join(tmpdir(), 'dialwise-amd-sip-'));
const recognisers = new RecognitionPool(buildHelper(SPHINX_SOURCE));
afterAll(() => {
  recognisers.close();
  rmSync(dir, { recursive: true, force: true });
});
let sipp: Sipp | null = null;
let trunk: SipTrunk | null = null;
afterEach(async () => {
  await trunk?.close();
  await sipp?.stop();
  trunk = null;
  sipp = null;
});

const MESSAGE = 'Hello, this is Dialwise. Please call us back.';
const GREETING = "Hi, you've reached Sarah. I can't come to the phone right now. Please leave a message after the tone.";

/** A sipp scenario of src/telephony/sipp/ with its pcap placeholder set to `audio` written as a pcap. */
function scenarioPlaying(name: string, audio: Int16Array, values: Record<string, string> = {}): string {
  const pcap = join(dir, `${name}.pcap`);
  writePcapAudio(pcap, audio);
  const path = join(dir, name);
  let text = readFileSync(join(SCENARIOS, name), 'utf8').replaceAll('@PCAP@', pcap);
  for (const [key, value] of Object.entries(values)) text = text.replaceAll(`@${key}@`, value);
  writeFileSync(path, text);
  return path;
}

const lineOf = (s: Sipp): SipLine => ({ username: 'dialwise', password: 'x', domain: s.address, port: s.port });
const say = (text: string) => atLevel(speak({ text, voice: 'en-us', speed: 160, pitch: 50 }, join(dir, 'speech')), -6);
const telephone = (...parts: Int16Array[]) => telephoneLine(concat(...parts), { noiseDbfs: -60, random: seededRandom(3) });

describe('answering-machine detection over SIP (sipp plays the far end from a pcap)', () => {
  it('a voicemail greeting and its beep → machine; the message is spoken after the beep, then we hang up', async () => {
    const greeting = say(GREETING);
    const beepAtMs = 300 + Math.round((greeting.length / 8000) * 1000) + 400;
    const audio = telephone(silence(300), greeting, silence(400), toneAt(1000, 500, -10), silence(6000));
    sipp = await startSipp({ scenario: scenarioPlaying('uas-voicemail-pcap.xml', audio), timeoutS: 40 });
    trunk = new SipTrunk({ recordingsDir: dir, bindAddress: '127.0.0.1', rtpPorts: { min: 36000, max: 36098 } });
    const call = trunk.dial({ to: '13800000001', callerId: 'dialwise', line: lineOf(sipp), ringTimeoutMs: 10_000 });
    const tts = new EspeakTts();
    const screen = new CallScreen(call, {
      settings: { onMachine: 'leave_message', message: MESSAGE, thresholds: { ...AMD_DEFAULTS } },
      speak: (text, signal) => wholeClip(tts, text, offlineVoice('en-US'), signal),
    });
    // A busy machine's stall, made on purpose: the event loop blocked for 800 ms during the greeting. The media
    // clock skips most of the ticks it missed; the recording must still keep real time (see the end).
    screen.detector.once('decision', () => {
      const until = performance.now() + 800;
      while (performance.now() < until);
    });
    const { result, conversation } = await new CallSession(call, [screen.step()]).run();

    const amd = screen.result!;
    expect(amd).toMatchObject({ outcome: 'machine', messageLeft: true });
    expect(amd.decisionMs).toBeLessThan(beepAtMs);
    // The beep heard within the jitter of the network and the detector's 200 ms.
    expect(amd.beepAtMs).toBeGreaterThan(beepAtMs);
    expect(amd.beepAtMs).toBeLessThan(beepAtMs + 1000);
    expect(conversation.map((l) => [l.speaker, l.text])).toEqual([['ai', MESSAGE]]);
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'us' });
    expect(statusOf({ answeredAt: result.answeredAt, amd })).toBe('voicemail');

    // Our side of the recording (right channel): silent until the beep, the message after it. The detector runs
    // on the media clock (frames counted since the answer), not on when RTP arrived: on a busy machine arrival
    // times ran ahead of the recording and the message's start fell before the beep's mark (an RMS of 8.5 over
    // the greeting), or a stall looked like the greeting's end. The recording is written one frame per tick of
    // our clock, which skips the ticks of a long stall: it lost that time, so the message, sent after the
    // beep, was written before the beep's mark (an RMS of 280–736). Skipped frames are now written as silence.
    const wav = readFileSync(result.recording!.path);
    const samples = new Int16Array(wav.buffer, wav.byteOffset + WAV_HEADER_BYTES, (wav.length - WAV_HEADER_BYTES) / 2);
    const ours = samples.filter((_, i) => i % 2 === 1);
    const at = (ms: number) => Math.round((ms * 8000) / 1000);
    // The mark counts the far end's frames, which wait 0–1 frames in the jitter buffer before the recording
    // writes them, while our channel is written on the tick: the two may differ by one 20 ms frame (the message's
    // fade-in showed there in one run of eight under load, an RMS of 6 over the span). Silent up to that frame.
    expect(rms(ours.subarray(0, at(amd.beepAtMs! - 20)))).toBeLessThan(1);
    expect(rms(ours.subarray(at(amd.beepAtMs!), at(amd.beepAtMs! + 2000)))).toBeGreaterThan(300);
    const code = await sipp.exited;
    if (code !== 0) throw new Error(`sipp failed (${code}):\n${await sipp.diagnostics()}`);
  }, 60_000);

  it('UK ringback (400 + 450 Hz, 50 Hz apart) in early media, then a person → human, not an announcement: the number stays valid', async () => {
    const ringMs = 3000;
    const ring = concat(...[400, 200, 400, 2000].map((ms, i) => (i % 2 === 0 ? toneAt([400, 450], ms, -8) : silence(ms)))).subarray(
      0,
      (ringMs * 8000) / 1000,
    );
    const audio = telephone(ring, silence(400), say('Hello?'), silence(4000));
    sipp = await startSipp({ scenario: scenarioPlaying('uas-ringback-pcap.xml', audio, { RING_MS: String(ringMs) }), timeoutS: 30 });
    trunk = new SipTrunk({ recordingsDir: dir, bindAddress: '127.0.0.1', rtpPorts: { min: 36200, max: 36298 } });
    const call = trunk.dial({ to: '13800000003', callerId: 'dialwise', line: lineOf(sipp), ringTimeoutMs: 15_000 });
    const screen = new CallScreen(call, {
      settings: { onMachine: 'hangup', thresholds: { ...AMD_DEFAULTS } },
      speak: async () => undefined,
    });
    const decided = new Promise<void>((resolve) => screen.detector.once('decision', () => resolve()));
    const session = new CallSession(call, [
      screen.step(),
      {
        name: 'hang up after the decision',
        exec: async () => {
          await decided;
          await call.hangup();
        },
        kill: () => {},
      },
    ]);
    const { result } = await session.run();

    const amd = screen.result!;
    expect(amd).toMatchObject({ outcome: 'human', reason: 'short-greeting' });
    expect(amd.features.earlyMediaVoiceMs).toBeLessThan(200);
    expect(result.answeredAt).not.toBeNull();
    expect(statusOf({ answeredAt: result.answeredAt, amd })).toBe('connected');
    const code = await sipp.exited;
    if (code !== 0) throw new Error(`sipp failed (${code}):\n${await sipp.diagnostics()}`);
  }, 60_000);

  it('a fax machine (answering tone 2100 Hz) → fax: we hang up at once, the record is fax and the number never redialled', async () => {
    const audio = telephone(silence(400), toneAt(2100, 3000, -10), silence(3000));
    sipp = await startSipp({ scenario: scenarioPlaying('uas-voicemail-pcap.xml', audio), timeoutS: 30 });
    trunk = new SipTrunk({ recordingsDir: dir, bindAddress: '127.0.0.1', rtpPorts: { min: 36300, max: 36398 } });
    const call = trunk.dial({ to: '13800000004', callerId: 'dialwise', line: lineOf(sipp), ringTimeoutMs: 10_000 });
    const screen = new CallScreen(call, {
      settings: { onMachine: 'leave_message', message: MESSAGE, thresholds: { ...AMD_DEFAULTS } },
      speak: async () => undefined,
    });
    const { result, conversation } = await new CallSession(call, [screen.step()]).run();

    const amd = screen.result!;
    expect(amd).toMatchObject({ outcome: 'fax', reason: 'fax-answer-tone' });
    expect(amd.decisionMs).toBeLessThan(1500);
    expect(conversation).toEqual([]);
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'us' });
    const status = statusOf({ answeredAt: result.answeredAt, amd });
    expect(status).toBe('fax');
    expect(nextSubtaskState('answered', 1, { count: 3, gapMinutes: 5 }, { endedAt: new Date(), retryAfterMs: null }, status)).toEqual({
      state: 'failed',
    });
    const code = await sipp.exited;
    if (code !== 0) throw new Error(`sipp failed (${code}):\n${await sipp.diagnostics()}`);
  }, 60_000);

  it('special information tones and an announcement in early media → announcement: we cancel before any answer, the number is invalid and never redialled', async () => {
    const audio = telephone(silence(200), ...sitTones(-12), say('The number you have dialed is not in service.'), silence(2000));
    sipp = await startSipp({ scenario: scenarioPlaying('uas-announcement-pcap.xml', audio), timeoutS: 30 });
    trunk = new SipTrunk({ recordingsDir: dir, bindAddress: '127.0.0.1', rtpPorts: { min: 36100, max: 36198 } });
    const call = trunk.dial({ to: '13800000002', callerId: 'dialwise', line: lineOf(sipp), ringTimeoutMs: 15_000 });
    const screen = new CallScreen(call, {
      settings: { onMachine: 'hangup', thresholds: { ...AMD_DEFAULTS } },
      speak: async () => undefined,
    });
    const { result } = await new CallSession(call, [screen.step()]).run();

    const amd = screen.result!;
    expect(amd).toMatchObject({ outcome: 'announcement', reason: 'sit' });
    expect(amd.features.sit).toBe(true);
    expect(amd.decisionMs).toBeLessThan(0); // decided in early media
    expect(result).toMatchObject({ outcome: 'canceled', sipStatus: 487, answeredAt: null, hungUpBy: 'us' });
    expect(result.endedAt.getTime() - result.placedAt.getTime()).toBeLessThan(5000);
    const status = statusOf({ answeredAt: result.answeredAt, amd });
    expect(status).toBe('invalid');
    expect(nextSubtaskState('invalid_number', 1, { count: 3, gapMinutes: 5 }, { endedAt: new Date(), retryAfterMs: null }, status)).toEqual(
      {
        state: 'failed',
      },
    );
    const code = await sipp.exited;
    if (code !== 0) throw new Error(`sipp failed (${code}):\n${await sipp.diagnostics()}`);
  }, 60_000);

  it('with the offline recogniser listening: a short "Leave a message." whose beep comes 1.9 s later → machine (by timing alone a person), and we hang up', async () => {
    const audio = telephone(silence(300), say('Leave a message.'), silence(1900), toneAt(1000, 500, -10), silence(4000));
    sipp = await startSipp({ scenario: scenarioPlaying('uas-voicemail-pcap.xml', audio), timeoutS: 30 });
    trunk = new SipTrunk({ recordingsDir: dir, bindAddress: '127.0.0.1', rtpPorts: { min: 36400, max: 36498 } });
    const call = trunk.dial({ to: '13800000005', callerId: 'dialwise', line: lineOf(sipp), ringTimeoutMs: 10_000 });
    const screen = new CallScreen(call, {
      settings: { onMachine: 'hangup', thresholds: { ...AMD_DEFAULTS } },
      speak: async () => undefined,
      words: recognisedWords(join(dir, 'words'), recognisers),
    });
    const { result, conversation } = await new CallSession(call, [screen.step()]).run();

    const amd = screen.result!;
    expect(amd).toMatchObject({ outcome: 'machine', reason: 'beep' });
    expect(amd.features.phrases?.some((phrase) => (MACHINE_PHRASES as readonly string[]).includes(phrase))).toBe(true);
    expect(conversation).toEqual([]);
    expect(result).toMatchObject({ outcome: 'answered', hungUpBy: 'us' });
    expect(statusOf({ answeredAt: result.answeredAt, amd })).toBe('voicemail');
    const code = await sipp.exited;
    if (code !== 0) throw new Error(`sipp failed (${code}):\n${await sipp.diagnostics()}`);
  }, 60_000);
});
