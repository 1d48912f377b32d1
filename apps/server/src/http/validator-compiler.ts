import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { rejectUnsafeText } from '@dialwise/contracts';

/**
 * Every request part with a schema (body, querystring, params, headers) is checked for unsafe text (NUL,
 * lone surrogates) before its own rules: one rule in contracts, applied here once, so no text field can
 * reach the database with a character PostgreSQL refuses (a 500 instead of a clear 400).
 */
export const guardedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: rejectUnsafeText(route.schema) });
