import type { FastifyInstance } from 'fastify';
import { DNC_LIMITS, ErrorCode, translate, dncEndpoints } from '@dialwise/contracts';
import { contextOf } from '../auth/authenticate.ts';
import { AppError } from '../http/app-error.ts';
import { ok } from '../http/envelope.ts';
import { route } from '../http/route.ts';
import { requestStream, settleBody } from '../http/request-body.ts';
import { requestLocale } from '../http/locale.ts';
import { listDnc } from './list-dnc.ts';
import { addDnc, removeDnc } from './change-dnc.ts';
import { importDnc } from './import-dnc.ts';

/** The company's do-not-call list (route dncList). */
/** What a CSV file is sent as: browsers and tools differ (and a missing type is read as CSV). */
const CSV_TYPES = ['text/csv', 'application/octet-stream', 'text/plain', 'application/vnd.ms-excel'];

export async function dncRoutes(app: FastifyInstance) {
  route(app, dncEndpoints.list, async (request) => ok(request, await listDnc(contextOf(request), request.body)));

  route(app, dncEndpoints.add, async (request) => ok(request, await addDnc(contextOf(request), request.body)));

  route(app, dncEndpoints.remove, async (request) => ok(request, await removeDnc(contextOf(request), request.body)));

  // The file is the raw body (text/csv), streamed; the company (DEV) and note travel in the query.
  app.register(async (csv) => {
    // Every type reaches the handler unread (a JSON body too, which the app's parser would turn into an
    // object): the handler refuses what is not a CSV with a clear 400 instead of failing on it.
    csv.removeAllContentTypeParsers();
    csv.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    route(
      csv,
      dncEndpoints.import,
      async (request) => {
        let result;
        try {
          if (!CSV_TYPES.includes((request.headers['content-type'] ?? 'text/csv').split(';')[0]!.trim().toLowerCase())) {
            throw new AppError(ErrorCode.VALIDATION, 'e.upload.wrongType');
          }
          result = await importDnc(contextOf(request), requestStream(request.body), request.query.companyId, request.query.note);
        } catch (error) {
          // A refused file may leave part of the body unsent: take the rest (up to the limit) so the client reads the answer.
          settleBody(request.raw, DNC_LIMITS.importBytes);
          throw error;
        }
        const locale = requestLocale(request);
        return ok(request, {
          ...result,
          rejected: result.rejected.map((row) => ({
            ...row,
            reason: translate(row.reason, locale, { field: translate('f.phoneNumber', locale) }),
          })),
        });
      },
      { bodyLimit: DNC_LIMITS.importBytes },
    );
  });
}
