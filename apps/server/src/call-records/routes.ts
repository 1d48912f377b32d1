import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { translate, callRecordEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { AppError } from '../http/app-error.ts';
import { ok, sendFailure } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { requestLocale } from '../http/locale.ts';
import { recordingsDirOf } from '../telephony/index.ts';
import { exportCallRecords } from './export-call-records.ts';
import { getCallCustomer } from './get-call-customer.ts';
import { getCallRecord } from './get-call-record.ts';
import { listCallRecordOptions } from './list-call-record-options.ts';
import { syncCallRecords } from './sync-call-records.ts';
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
  route(app, callRecordEndpoints.list, async (request) => ok(request, await listCallRecords(contextOf(request), request.body)));
  route(app, callRecordEndpoints.sync, async (request) => ok(request, await syncCallRecords(contextOf(request), request.body)), {
    uncheckedAnswer: true,
  });

  route(app, callRecordEndpoints.options, async (request) =>
    ok(request, await listCallRecordOptions(contextOf(request), request.body.projectId)),
  );

  route(app, callRecordEndpoints.get, async (request) => ok(request, await getCallRecord(contextOf(request), request.body.id)));

  route(app, callRecordEndpoints.customer, async (request) => ok(request, await getCallCustomer(contextOf(request), request.body.id)));

  route(app, callRecordEndpoints.reveal, async (request) => ok(request, await revealNumber(contextOf(request), request.body.id)));

  route(app, callRecordEndpoints.export, async (request, reply) => {
    const { locale, ...filter } = request.query;
    const result = await exportCallRecords(contextOf(request), filter, locale ?? requestLocale(request), app.clock.now());
    const stream = Readable.from(result.chunks);
    stream.on('error', (error) => request.log.error({ err: error }, 'call-record export failed mid-stream'));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${result.filename}"; filename*=UTF-8''${encodeURIComponent(result.filename)}`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  route(app, callRecordEndpoints.disposition, async (request) => ok(request, await saveCallDisposition(contextOf(request), request.body)));

  route(app, callRecordEndpoints.recording, async (request, reply) => {
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
  });
}
