import { z } from 'zod';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeySchema } from './schemas.ts';
import { defineEndpoints, noBody } from '../common/endpoint.ts';
import { idBodySchema } from '../common/fields.ts';

/** The company's API keys (system management): an ADMIN's own company, a DEV's the provider. Console-only. */
export const apiKeyEndpoints = defineEndpoints(
  { tag: 'api-keys', roles: ['ADMIN', 'DEV'] },
  {
    list: {
      path: '/api/api-keys/list',
      summary: "The company's API keys, newest first (prefix, scope, creator, last use, expiry; never the key)",
      body: noBody,
      response: z.array(apiKeySchema),
    },
    create: {
      path: '/api/api-keys/create',
      summary: 'Create a key; the answer is the only time the whole key is sent (409 past 50 live keys)',
      body: apiKeyCreateSchema,
      response: apiKeyCreatedSchema,
    },
    revoke: {
      path: '/api/api-keys/revoke',
      summary: 'Revoke a key: its next request is refused (50008); 409 when already revoked',
      body: idBodySchema,
      response: apiKeySchema,
    },
  },
);
