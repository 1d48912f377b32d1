import { z } from 'zod';
import { callbackSecretQuerySchema, callbackSecretStatusSchema, rotatedCallbackSecretSchema } from './schemas.ts';
import { defineEndpoints } from '../common/endpoint.ts';
import { idSchema } from '../common/fields.ts';

/**
 * A company's callback secret, managed by the provider's DEV staff; and the recording link a callback carries
 * (no session: a signature and an expiry instead).
 */
export const callbackEndpoints = defineEndpoints(
  { tag: 'callbacks', roles: ['DEV'] },
  {
    secret: {
      path: '/api/operation/companies/callback-secret',
      summary: "Whether the company's callback secret is set, and since when",
      body: callbackSecretQuerySchema,
      response: callbackSecretStatusSchema,
    },
    rotateSecret: {
      path: '/api/operation/companies/callback-secret/rotate',
      summary: 'A new callback secret for the company, answered this once (pending retries are signed with it)',
      body: callbackSecretQuerySchema,
      response: rotatedCallbackSecretSchema,
    },
    recording: {
      method: 'GET',
      path: '/api/callbacks/recording/:callId',
      summary: "A call's WAV by the signed link of a callback (no session; expires)",
      roles: 'public',
      query: z.object({ expires: z.coerce.number().int(), sig: z.string().regex(/^[0-9a-f]{64}$/) }),
      params: z.object({ callId: idSchema }),
    },
  },
);
