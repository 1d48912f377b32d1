import { z } from 'zod';
import { defineEndpoints } from '../../common/endpoint.ts';
import { companyRefSchema } from '../companies/schemas.ts';
import { speechCredentialRefSchema, speechCredentialSaveSchema, speechCredentialSchema } from './schemas.ts';

/** /api/operation/speech-credentials: a company's speech provider keys, for the provider's DEV staff only. */
export const speechCredentialEndpoints = defineEndpoints(
  { tag: 'operation/speech-credentials', roles: ['DEV'] },
  {
    list: {
      path: '/api/operation/speech-credentials/list',
      summary: "Every speech provider with the company's settings and which secrets are set (never their values)",
      body: companyRefSchema,
      response: z.array(speechCredentialSchema),
    },
    save: {
      path: '/api/operation/speech-credentials/save',
      summary: "Create or replace one provider's credentials; secrets are sealed, a blank secret keeps the stored one",
      body: speechCredentialSaveSchema,
      response: speechCredentialSchema,
    },
    delete: {
      path: '/api/operation/speech-credentials/delete',
      summary: "Remove one provider's credentials of a company",
      body: speechCredentialRefSchema,
      response: z.null(),
    },
  },
);
