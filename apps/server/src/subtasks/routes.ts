import { PassThrough, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ErrorCode,
  IDEMPOTENCY_HEADER,
  LIMITS,
  PUSH_LIMITS,
  UPLOAD_CONTENT_TYPE,
  UPLOAD_FILENAME_HEADER,
  UPLOAD_NDJSON_TYPE,
  translate,
  type Envelope,
  type UploadProgress,
  subtaskEndpoints,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { AppError } from '../http/app-error.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { requestLocale } from '../http/locale.ts';
import { requestStream, settleBody } from '../http/request-body.ts';
import { importSubtasks } from './import-subtasks.ts';
import { listPendingSubtasks } from './list-pending-subtasks.ts';
import { pushSubtasks } from './push-subtasks.ts';
import { uploadTarget } from './upload-target.ts';

/** Pending subtasks of a task (the pending-subtask modal). Clearing them is the task action `clearPending`. */
export async function subtaskRoutes(app: FastifyInstance) {
  route(app, subtaskEndpoints.pending, async (request) => ok(request, await listPendingSubtasks(contextOf(request), request.body)));
  route(
    app,
    subtaskEndpoints.push,
    async (request) => ok(request, await pushSubtasks(contextOf(request), request.body, idempotencyKeyOf(request), app.clock.now())),
    { bodyLimit: PUSH_LIMITS.maxBytes },
  );

  await app.register(uploadRoute);
}

/**
 * `POST /api/subtasks/upload?taskId=…`: the CSV is the raw request body (not multipart), streamed
 * through the reader into the database. Its own plugin, so its catch-all body parser (which hands the
 * request stream on unread) and its 200 MB limit apply to this route alone; every other route keeps the
 * app's 1 MB JSON parser.
 *
 * The answer is NDJSON: progress lines while rows are processed, then one envelope line. One request
 * carries the whole conversation, so there is no upload state shared between requests (a polled progress
 * endpoint would need it, and would break with several server processes behind one address).
 */
async function uploadRoute(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  route(
    app,
    subtaskEndpoints.upload,
    async (request, reply) => {
      const ctx = contextOf(request);
      const maxBytes = app.config.uploadMaxBytes;
      let target;
      let body: Readable;
      try {
        target = await uploadTarget(ctx.db, ctx, request.query.taskId);
        checkUploadRequest(request, maxBytes);
        body = requestStream(request.body);
      } catch (error) {
        settleBody(request.raw, 0);
        throw error;
      }

      const out = new PassThrough();
      const line = (value: unknown) => {
        if (!out.destroyed) out.write(`${JSON.stringify(value)}\n`);
      };
      void reply.type(`${UPLOAD_NDJSON_TYPE}; charset=utf-8`).header('cache-control', 'no-store').send(out);

      importSubtasks(ctx, target, body, {
        maxBytes,
        spool: app.db.kind === 'pglite',
        onProgress: (progress: UploadProgress) => line({ progress }),
      })
        .then((result) => line(ok(request, result)))
        .catch((error: unknown) => line(failure(request, error)))
        .finally(() => {
          out.end();
          // A refused file may leave part of the body unread: read the rest (up to the limit) so the client
          // finishes sending and gets the answer, instead of a reset connection.
          settleBody(request.raw, maxBytes);
        });
      return reply;
    },
    { bodyLimit: LIMITS.upload.maxBytes },
  );
}

/** The checks that need no body: the declared type, the file name, the declared length. */
function checkUploadRequest(request: FastifyRequest, maxBytes: number): void {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  const name = decodeName(request.headers[UPLOAD_FILENAME_HEADER]);
  if (type !== UPLOAD_CONTENT_TYPE || (name !== null && !name.toLowerCase().endsWith(LIMITS.upload.extension))) {
    throw new AppError(ErrorCode.VALIDATION, 'e.upload.wrongType');
  }
  const length = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(length) && length > maxBytes) throw new AppError(ErrorCode.VALIDATION, 'e.upload.tooLarge');
  if (length === 0 || !request.body) throw new AppError(ErrorCode.VALIDATION, 'e.upload.empty');
}

function decodeName(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The final envelope line of a failed upload, rendered like the app's error handler would. */
function failure(request: FastifyRequest, error: unknown): Envelope<unknown> {
  const locale = requestLocale(request);
  if (error instanceof AppError) {
    return { code: error.code, message: translate(error.key, locale, error.params), data: error.data, traceId: request.id };
  }
  request.log.error({ err: error }, 'subtask upload failed');
  return { code: ErrorCode.INTERNAL, message: translate('e.internal', locale), data: null, traceId: request.id };
}

/** The Idempotency-Key header, checked by the endpoint's header schema (one value, 1-200 characters). */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  return typeof value === 'string' ? value.trim() : undefined;
}
