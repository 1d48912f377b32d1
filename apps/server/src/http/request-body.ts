import type { IncomingMessage } from 'node:http';
import { pipeline, type Duplex, type Readable } from 'node:stream';
import { ErrorCode } from '@dialwise/contracts';
import { AppError } from './app-error.ts';

/*
 * Every streamed request body (the DNC import, the subtask upload) goes through these three functions, so a
 * failure of any stage reaches the code reading the last stage as a rejected read — never as an unhandled
 * 'error' event, which would end the process and every tenant's calls with it (issue 15):
 *  - `feedRequestBody` pipes the request into the first stage and turns the client's error or early close
 *    into that stage's error, without destroying the request: the route must still answer on it;
 *  - `joinStages` joins the later stages with stream.pipeline: an error in one destroys them all with it,
 *    so the last one, the one being read, fails with that error;
 *  - `settleBody` discards what a refused body still sends, so the client reads the answer, not a reset.
 */

/** The request body as a stream; anything else (a parser turned it into an object) is refused as the wrong type. */
export function requestStream(body: unknown): Readable {
  if (body && typeof (body as Readable).pipe === 'function') return body as Readable;
  throw new AppError(ErrorCode.VALIDATION, 'e.upload.wrongType');
}

/** Pipes the request into `first`; a client that goes away fails `first` with `e.upload.aborted`. */
export function feedRequestBody<T extends Duplex>(body: Readable, first: T): T {
  const fail = () => first.destroy(new AppError(ErrorCode.VALIDATION, 'e.upload.aborted'));
  // The client may already be gone (while a transaction was starting).
  if (body.destroyed && !body.readableEnded) {
    fail();
    return first;
  }
  body.once('error', fail);
  body.once('close', () => {
    if (!body.readableEnded) fail();
  });
  body.pipe(first);
  return first;
}

/** `source` through `stages`; returns the last stage, which fails with the first error of any of them. */
export function joinStages(source: Readable, ...stages: Duplex[]): Readable {
  // The callback is required; the error it gets is the one the last stage is destroyed with.
  return pipeline(source, ...(stages as [Duplex]), () => {}) as Readable;
}

/** Discards what is left of a request body, closing the connection once more than `allowBytes` arrive. */
export function settleBody(raw: IncomingMessage, allowBytes: number): void {
  if (raw.complete || raw.destroyed) return;
  let seen = 0;
  raw.unpipe();
  raw.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > allowBytes) raw.destroy();
  });
  raw.resume();
}
