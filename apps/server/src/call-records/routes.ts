import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  callCustomerSchema,
  callDispositionInputSchema,
  callDispositionSchema,
  callRecordDetailSchema,
  callRecordExportQuerySchema,
  callRecordIdSchema,
  callRecordOptionsQuerySchema,
  callRecordOptionsSchema,
  callRecordPageSchema,
  callRecordQuerySchema,
  idSchema,
  revealedNumberSchema,
  translate,
} from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { AppError } from '../http/app-error.ts';
import { answers, ok, sendFailure } from '../http/envelope.ts';
import { requestLocale } from '../http/locale.ts';
import { recordingsDirOf } from '../telephony/index.ts';
import { exportCallRecords } from './export-call-records.ts';
import { getCallCustomer } from './get-call-customer.ts';
import { getCallRecord } from './get-call-record.ts';
import { listCallRecordOptions } from './list-call-record-options.ts';
import { listCallRecords } from './list-call-records.ts';
import { parseRange, recordingFile } from './recording-file.ts';
import { revealNumber } from './reveal-number.ts';
import { saveCallDisposition } from './save-call-disposition.ts';

/**
 * Call records (ADMIN and DEV: their company's; OPR: the projects assigned to them). JSON endpoints are
 * POSTs like every area's. Two are GETs because the browser fetches them itself, sending the
 * `Authorization` cookie: the recording (an `<audio>` element, with Range requests for seeking) and the
 * CSV export (a download link, streamed).
 */
export async function callRecordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const onRequest = app.authenticate(['ADMIN', 'DEV', 'OPR']);
  const tags = ['call-records'];

  r.post(
    '/list',
    {
      schema: {
        tags,
        summary: 'Call records, filtered, by call time (newest first by default); paged within the first 10,000',
        body: callRecordQuerySchema,
        response: answers(callRecordPageSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await listCallRecords(contextOf(request), request.body)),
  );

  r.post(
    '/options',
    {
      schema: {
        tags,
        summary: 'What the filters offer (projects, tasks of a project, tags) and whether reveal and export are allowed',
        body: callRecordOptionsQuerySchema,
        response: answers(callRecordOptionsSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await listCallRecordOptions(contextOf(request), request.body.projectId)),
  );

  r.post(
    '/get',
    {
      schema: {
        tags,
        summary: 'One call: how it ended and its conversation (number masked)',
        body: callRecordIdSchema,
        response: answers(callRecordDetailSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await getCallRecord(contextOf(request), request.body.id)),
  );

  r.post(
    '/customer',
    {
      schema: {
        tags,
        summary: "The call's customer info and the earlier calls to the same number in the project",
        body: callRecordIdSchema,
        response: answers(callCustomerSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await getCallCustomer(contextOf(request), request.body.id)),
  );

  r.post(
    '/reveal',
    {
      schema: {
        tags,
        summary: "The call's number in clear (company permission numberReveal; audited; MD5 cannot be revealed)",
        body: callRecordIdSchema,
        response: answers(revealedNumberSchema),
      },
      onRequest,
    },
    async (request) => ok(request, await revealNumber(contextOf(request), request.body.id)),
  );

  r.post(
    '/disposition',
    {
      schema: {
        tags,
        summary:
          'Files the issue type and resolution status (and a note) on a call a seat took: the agent who took it, or an ADMIN of its company; saving again replaces them',
        body: callDispositionInputSchema,
        response: answers(callDispositionSchema),
      },
      // DEV staff read records but do not file customers' calls.
      onRequest: app.authenticate(['ADMIN', 'OPR']),
    },
    async (request) => ok(request, await saveCallDisposition(contextOf(request), request.body)),
  );

  r.get(
    '/export',
    {
      schema: {
        tags,
        summary: 'The filtered records as CSV (UTF-8 with BOM, numbers masked), streamed; needs the csvExport feature',
        querystring: callRecordExportQuerySchema,
      },
      onRequest,
    },
    async (request, reply) => {
      const { locale, ...filter } = request.query;
      const result = await exportCallRecords(contextOf(request), filter, locale ?? requestLocale(request), app.clock.now());
      const stream = Readable.from(result.chunks);
      stream.on('error', (error) => request.log.error({ err: error }, 'call-record export failed mid-stream'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${result.filename}"; filename*=UTF-8''${encodeURIComponent(result.filename)}`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  r.get(
    '/recording/:id',
    {
      schema: { tags, summary: "The call's WAV recording; honours Range (206 / 416)", params: z.object({ id: idSchema }) },
      onRequest,
    },
    async (request, reply) => {
      let file;
      try {
        file = await recordingFile(contextOf(request), request.params.id, recordingsDirOf(app.config.dataDir));
      } catch (error) {
        // A resource the browser loads itself: a missing one is an HTTP 404 (with the envelope), not a 200.
        if (error instanceof AppError && error.code === 404) {
          return sendFailure(request, reply, 404, 404, translate(error.key, requestLocale(request)));
        }
        throw error;
      }
      reply.header('accept-ranges', 'bytes').header('content-type', 'audio/wav').header('cache-control', 'private, no-store');
      const range = parseRange(request.headers.range, file.size);
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${file.size}`).send();
      }
      if (range === null) {
        return reply.header('content-length', file.size).send(createReadStream(file.path));
      }
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(file.path, { start: range.start, end: range.end }));
    },
  );
}
