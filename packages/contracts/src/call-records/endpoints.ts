import { z } from 'zod';
import { defineEndpoints } from '../common/endpoint.ts';
import {
  callCustomerSchema,
  callDispositionSchema,
  callRecordDetailSchema,
  callRecordExportQuerySchema,
  callRecordIdSchema,
  callRecordOptionsQuerySchema,
  callRecordOptionsSchema,
  callRecordPageSchema,
  callRecordQuerySchema,
  callRecordSyncPageSchema,
  callRecordSyncQuerySchema,
  revealedNumberSchema,
} from './schemas.ts';
import { idSchema } from '../common/fields.ts';
import { callDispositionInputSchema } from '../seat/schemas.ts';

/** Call records (ADMIN and DEV: their company's; OPR: the projects assigned to them). JSON endpoints are POSTs like every area's; the recording and the CSV export are GETs the browser loads itself (an audio element, a download link), sending the Authorization cookie. */
export const callRecordEndpoints = defineEndpoints(
  { tag: 'call-records', roles: ['ADMIN', 'DEV', 'OPR'] },
  {
    list: {
      path: '/api/call-records/list',
      summary: 'Call records, filtered, by call time (newest first by default); paged within the first 10,000',
      body: callRecordQuerySchema,
      response: callRecordPageSchema,
      keyScope: 'read',
    },
    sync: {
      path: '/api/call-records/sync',
      summary:
        "Incremental sync: the company's call records in the order their last change committed, from a cursor (absent: from the start). Pass nextCursor back; a record changed since it was sent comes again, none is missed or repeated otherwise",
      body: callRecordSyncQuerySchema,
      response: callRecordSyncPageSchema,
      roles: ['ADMIN', 'DEV'],
      keyScope: 'read',
    },
    options: {
      path: '/api/call-records/options',
      summary: 'What the filters offer (projects, tasks of a project, tags) and whether reveal and export are allowed',
      body: callRecordOptionsQuerySchema,
      response: callRecordOptionsSchema,
    },
    get: {
      path: '/api/call-records/get',
      summary: 'One call: how it ended and its conversation (number masked)',
      body: callRecordIdSchema,
      response: callRecordDetailSchema,
      keyScope: 'read',
    },
    customer: {
      path: '/api/call-records/customer',
      summary: "The call's customer info and the earlier calls to the same number in the project",
      body: callRecordIdSchema,
      response: callCustomerSchema,
    },
    disposition: {
      path: '/api/call-records/disposition',
      summary:
        'Files the issue type and resolution status (and a note) on a call a seat took: the agent who took it, or an ADMIN of its company; saving again replaces them',
      body: callDispositionInputSchema,
      response: callDispositionSchema,
      // DEV staff read records but do not file customers' calls.
      roles: ['ADMIN', 'OPR'],
    },
    reveal: {
      path: '/api/call-records/reveal',
      summary: "The call's number in clear (company permission numberReveal; audited; MD5 cannot be revealed)",
      body: callRecordIdSchema,
      response: revealedNumberSchema,
    },
    export: {
      method: 'GET',
      path: '/api/call-records/export',
      summary: 'The filtered records as CSV (UTF-8 with BOM, numbers masked), streamed; needs the csvExport feature',
      query: callRecordExportQuerySchema,
    },
    recording: {
      method: 'GET',
      path: '/api/call-records/recording/:id',
      summary: "The call's WAV recording; honours Range (206 / 416)",
      params: z.object({ id: idSchema }),
      keyScope: 'read',
    },
  },
);
