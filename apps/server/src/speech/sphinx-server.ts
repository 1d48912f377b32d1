/**
 * The offline recogniser's processes: a few long-lived recognition servers (sphinx-server.c, built and run
 * as a native helper: native-helper.ts), each holding the pocketsphinx decoders of many calls, instead of
 * one pocketsphinx_continuous process per turn. A process per turn cost ~35 ms of CPU before it heard
 * anything (fork, exec, the model and the grammar), on every turn of every call, and each 20 ms frame
 * crossed the spawn host and a `cat` before it reached pocketsphinx. The server loads a call's decoder once,
 * decodes turn after turn, and reads the frames straight from our socket. Without a compiler or the
 * pocketsphinx headers the offline recogniser is unavailable and says why (calls then take turns on the VAD
 * alone, as a zh-CN call does).
 *
 * Processes: one per core at most (decoding is CPU work, one thread each; HelperPool). A call's session goes
 * to the process with the fewest sessions. When a process ends, its sessions report an error and the next
 * session starts a new one. A process with no session for a while is ended. They run at the server's priority:
 * at a lower one (nice 10, its session's autogroup lowered too) they were left waiting while a core stood
 * idle — at 100 calls they got 0.44 cores with 0.9 idle and 100 of 364 finals came back (the scheduler
 * balances cores by weight); at the same priority all 365 did, with the media clock 0.10 % late.
 */
import { resolve } from 'node:path';
import { type HelperSource, HelperPool, MAX_FRAME_BYTES } from './native-helper.ts';

export const SPHINX_SOURCE: HelperSource = {
  path: resolve(import.meta.dirname, 'sphinx-server.c'),
  libraries: ['pocketsphinx'],
  packages: 'gcc, libc6-dev, pkgconf and libpocketsphinx-dev',
};

/** What a recognition server answers for one session. */
export interface ServerSessionEvents {
  partial(text: string): void;
  final(text: string): void;
  error(error: Error): void;
}

/** A session of a recognition server, as a SphinxSession sees it. */
export interface ServerSession {
  audio(samples: Int16Array): void;
  /** The callee paused: the turn so far comes back as a partial at once; the turn stays open. */
  settle(): void;
  /** The callee may have stopped: the turn so far comes back as a partial at once, nothing ended. */
  peek(): void;
  flush(): void;
  close(): void;
}

/** The recognition servers of one engine: a call's session is a decoder in one of them. */
export class RecognitionPool {
  private readonly pool: HelperPool<ServerSessionEvents>;

  constructor(binary: Promise<string>) {
    this.pool = new HelperPool<ServerSessionEvents>(binary, 'recogniser', {
      frame: (session, kind, payload) => {
        const said = String(payload);
        if (kind === 'P') session.partial(said);
        else if (kind === 'F') session.final(said);
        else if (kind === 'E') session.error(new Error(`the offline recogniser refused the call: ${said}`));
        return false;
      },
      lost: (session, error) => session.error(error),
    });
  }

  /** How many processes serve the sessions now. */
  get processes(): number {
    return this.pool.running;
  }

  /**
   * A decoder for one call. `bestPath`: a part whose audio reaches no end of the grammar answers the best path
   * heard in it instead of nothing (AMD's phrase grammar, where a greeting's other words have no path).
   */
  open(files: { modelDir: string; dictPath: string; grammarPath: string; bestPath?: boolean }, events: ServerSessionEvents): ServerSession {
    const job = this.pool.start(events);
    job.send('O', Buffer.from(`${files.modelDir}\n${files.dictPath}\n${files.grammarPath}${files.bestPath ? '\nbest-path' : ''}`));
    return {
      audio: (samples) => {
        // 20 ms frames in practice; anything longer in frames the server takes.
        for (let at = 0; at < samples.length; at += MAX_FRAME_BYTES / 2) {
          const part = samples.subarray(at, at + MAX_FRAME_BYTES / 2);
          job.send('A', Buffer.from(part.buffer, part.byteOffset, part.byteLength));
        }
      },
      settle: () => job.send('S'),
      peek: () => job.send('Q'),
      flush: () => job.send('F'),
      close: () => {
        job.send('C');
        job.finish();
      },
    };
  }

  /** Ends every process (their sessions are told). */
  close(): void {
    this.pool.close();
  }
}
