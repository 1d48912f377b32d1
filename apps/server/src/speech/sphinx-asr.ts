/**
 * Offline ASR: pocketsphinx in JSGF grammar mode (see sphinx-grammar.ts for why grammar mode, and its
 * limits), English only: there is no Mandarin model on this machine, so `open()` for another language
 * throws `AsrUnavailable` and the call voice degrades visibly (see SpeechCallVoice).
 *
 * One recogniser process per utterance, started ahead of time so its model is loaded before the callee
 * speaks: every 20 ms frame is upsampled to 16 kHz (8 kHz input fails) and written to the waiting process;
 * `flush()` (end of the turn, from the VAD + endpointing) closes its input, the process prints what it
 * recognised and exits, and the next one is already loading. Starting each utterance afresh also starts
 * it from the telephone cepstral mean, which is what makes short replies recognisable.
 *
 * Node gives a child a socket as stdin, which pocketsphinx cannot open as `/dev/stdin`: `cat` in front
 * of it turns that into a pipe. The processes are started by the spawn host (spawn-host.ts), so a turn's
 * new recogniser never stalls the server's event loop (and its calls' media clock) while it forks, and
 * at a lower CPU priority (BACKGROUND_NICE): under overload the final comes later, the audio stays on time.
 */
import { EventEmitter } from 'node:events';
import { rms } from '../telephony/media/audio.ts';
import type { AsrEngine, AsrOptions, AsrSession, AsrSessionEvents } from './engines.ts';
import { pcmBytes, Upsampler } from './pcm-stream.ts';
import { grammarFiles, type SphinxFiles } from './sphinx-grammar.ts';
import { BACKGROUND_NICE, type HostedProcess, hostedSpawn, warmSpawnHost } from './spawn-host.ts';

export class AsrUnavailable extends Error {
  constructor(readonly language: string) {
    super(`no offline speech recogniser for ${language}: configure a vendor ASR for the scenario`);
  }
}

export interface SphinxOptions {
  /** Where the telephone model folder and the grammars are written (made once, reused). */
  workDir: string;
}

export class SphinxAsr implements AsrEngine {
  constructor(private readonly options: SphinxOptions) {
    warmSpawnHost();
  }

  open(options: AsrOptions): AsrSession {
    if (!options.language.toLowerCase().startsWith('en')) throw new AsrUnavailable(options.language);
    return new SphinxSession(grammarFiles(this.options.workDir, options.phrases));
  }
}

/** Frames quieter than this (RMS) do not mark the start of what the callee said. */
const SPEECH_RMS = 300;

interface Recogniser {
  child: HostedProcess;
  lines: string[];
  done: Promise<void>;
}

class SphinxSession extends EventEmitter<AsrSessionEvents> implements AsrSession {
  private current: Recogniser;
  private readonly upsampler = new Upsampler();
  private closed = false;
  private startMs: number | null = null;
  private lastMs = 0;

  constructor(private readonly files: SphinxFiles) {
    super();
    this.current = this.start();
  }

  push(samples: Int16Array, atMs: number): void {
    if (this.closed) return;
    this.lastMs = atMs + samples.length / 8;
    if (this.startMs === null && rms(samples) >= SPEECH_RMS) this.startMs = atMs;
    const stdin = this.current.child.stdin;
    if (stdin.writable) stdin.write(pcmBytes(this.upsampler.process(samples)));
  }

  flush(): void {
    if (this.closed) return;
    const finished = this.current;
    const startMs = this.startMs ?? this.lastMs;
    const endMs = this.lastMs;
    this.startMs = null;
    this.current = this.start();
    finished.child.stdin.end();
    void finished.done.then(() => {
      if (this.closed) return;
      const text = finished.lines.join(' ').replace(/\s+/g, ' ').trim();
      this.emit('transcript', { text, final: true, startMs, endMs, confidence: null });
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.current.child.kill();
    this.removeAllListeners();
  }

  private start(): Recogniser {
    const { modelDir, dictPath, grammarPath } = this.files;
    const child = hostedSpawn(
      'sh',
      [
        '-c',
        'cat | exec pocketsphinx_continuous "$@"',
        'sh',
        ...['-hmm', modelDir, '-dict', dictPath, '-jsgf', grammarPath],
        ...['-infile', '/dev/stdin', '-samprate', '16000', '-logfn', '/dev/null'],
      ],
      { nice: BACKGROUND_NICE },
    );
    const lines: string[] = [];
    let pending = '';
    child.stdout.on('data', (data: Buffer) => {
      pending += String(data);
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      for (const line of parts) {
        const said = line.trim();
        if (!said) continue;
        lines.push(said);
        // A pause inside the turn ends one of pocketsphinx's own utterances: what it has so far is a partial.
        if (!this.closed && child === this.current.child) {
          this.emit('transcript', {
            text: lines.join(' '),
            final: false,
            startMs: this.startMs ?? this.lastMs,
            endMs: this.lastMs,
            confidence: null,
          });
        }
      }
    });
    const stderr: string[] = [];
    child.stderr.on('data', (data: Buffer) => stderr.push(String(data)));
    child.stdin.on('error', () => undefined);
    const done = child.exited.then(({ code, signal, error }) => {
      if (error) return this.fail(new Error(`pocketsphinx did not start: ${error}`));
      if (pending.trim()) lines.push(pending.trim());
      if (code !== 0 && signal === null) this.fail(new Error(`pocketsphinx exited with ${code}: ${stderr.join('').trim().slice(-300)}`));
    });
    return { child, lines, done };
  }

  private fail(error: Error): void {
    if (!this.closed) this.emit('error', error);
  }
}
