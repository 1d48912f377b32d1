import type { FastifyRequest } from 'fastify';
import { LOCALE_HEADER, localeSchema, pickLocale, type Locale } from '@dialwise/contracts';

/** The console's own choice (header) wins over the browser's Accept-Language. */
export function requestLocale(request: FastifyRequest): Locale {
  const chosen = localeSchema.safeParse(request.headers[LOCALE_HEADER]);
  if (chosen.success) return chosen.data;
  return pickLocale(request.headers['accept-language']);
}
