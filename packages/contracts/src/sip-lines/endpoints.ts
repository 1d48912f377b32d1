import { defineEndpoints } from '../common/endpoint.ts';
import { pageSchema } from '../common/envelope.ts';
import { sipLineCreateSchema, sipLineIdSchema, sipLineQuerySchema, sipLineSchema, sipLineUpdateSchema } from './schemas.ts';

/** SIP line management (route sipManage): the password is write-only (answers carry hasPassword). */
export const sipLineEndpoints = defineEndpoints(
  { tag: 'sip-lines', roles: ['ADMIN', 'DEV'] },
  {
    list: {
      path: '/api/sip-lines/list',
      summary: "A page of the company's SIP lines (keyword: alias, SIP user name or domain)",
      body: sipLineQuerySchema,
      response: pageSchema(sipLineSchema),
    },
    get: { path: '/api/sip-lines/get', summary: 'One SIP line (never its password)', body: sipLineIdSchema, response: sipLineSchema },
    create: {
      path: '/api/sip-lines/create',
      summary: 'Add a SIP line (409 when the alias exists in the company)',
      body: sipLineCreateSchema,
      response: sipLineSchema,
    },
    update: {
      path: '/api/sip-lines/update',
      summary: 'Edit a SIP line; a blank password keeps the stored one',
      body: sipLineUpdateSchema,
      response: sipLineSchema,
    },
  },
);
