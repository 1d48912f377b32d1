import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorCode, formatIssue, translate, type IssueLike } from '@dialwise/contracts';
import { AppError, httpStatusFor } from './app-error.ts';
import { isHashedAssetPath } from './console-files.ts';
import { sendFailure } from './envelope.ts';
import { requestLocale } from './locale.ts';

/**
 * The one place errors become envelopes: typed AppErrors keep their code; schema failures and malformed
 * JSON become code 400 naming the field in the caller's language; anything else is logged with its trace
 * id and answered as a bare "Internal server error" so no database text leaks.
 */
export function registerErrorHandling(app: FastifyInstance, options: { spaIndex: boolean }) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = requestLocale(request);
    if (error instanceof AppError) {
      const message = translate(error.key, locale, error.params);
      return sendFailure(
        request,
        reply,
        error.httpStatus ?? httpStatusFor(error.code),
        error.code,
        message,
        withFieldMessages(error.data, message),
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext && error.validationContext !== 'body' ? [error.validationContext] : [];
      const issues: IssueLike[] = error.validation.map((v) => {
        const path = v.instancePath.split('/').filter(Boolean);
        return { ...(v.params as object), code: v.keyword, message: v.message ?? '', path: path.length ? path : where };
      });
      const messages = issues.map((issue) => formatIssue(issue, locale));
      return sendFailure(request, reply, 200, ErrorCode.VALIDATION, messages.join('; '), {
        fields: issues.map((issue, i) => ({ path: issue.path.map(String).join('.'), message: messages[i] })),
      });
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
      (error.statusCode === 400 && error instanceof SyntaxError)
    ) {
      return sendFailure(request, reply, 200, ErrorCode.VALIDATION, translate('v.malformedJson', locale));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendFailure(request, reply, 413, ErrorCode.VALIDATION, error.message);
    }
    if (error.statusCode === 429) {
      return sendFailure(request, reply, 429, ErrorCode.RATE_LIMITED, translate('e.rateLimited', locale, { seconds: 60 }));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    } else {
      request.log.error({ err: error }, 'unhandled error');
    }
    return sendFailure(request, reply, 500, ErrorCode.INTERNAL, translate('e.internal', locale));
  });

  app.setNotFoundHandler((request, reply) => {
    // The console is a single-page app: any non-API page path is answered with its index. A missing hashed file
    // (a chunk of an older build) is a 404: its index would reach the browser as a script that is HTML.
    const pagePath = !request.url.startsWith('/api/') && !request.url.startsWith('/ws/') && !isHashedAssetPath(request.url);
    if (options.spaIndex && request.method === 'GET' && pagePath) {
      return reply.type('text/html').sendFile('index.html');
    }
    const locale = requestLocale(request);
    return sendFailure(
      request,
      reply,
      404,
      ErrorCode.NOT_FOUND,
      translate('e.routeNotFound', locale, { method: request.method, url: request.url.split('?')[0] ?? '' }),
    );
  });
}

/** A refusal's `fields` that name only a path carry its message too: the form marks each field with words. */
function withFieldMessages(data: unknown, message: string): unknown {
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return data;
  return {
    ...(data as object),
    fields: fields.map((field: { path: string; message?: string }) => ({ ...field, message: field.message ?? message })),
  };
}
