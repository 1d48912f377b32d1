import { ErrorCode, type MessageKey } from '@dialwise/contracts';

/**
 * The one error type actions throw. `code` is an envelope code (contracts `ErrorCode`), `key` a
 * message key rendered in the caller's language at the edge, `data` travels in the envelope.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }

  /** The HTTP status, when the envelope code alone is not enough (an API key's rate limit answers HTTP 429). */
  httpStatus: number | undefined;

  withHttpStatus(status: number): this {
    this.httpStatus = status;
    return this;
  }

  static notFound() {
    return new AppError(ErrorCode.NOT_FOUND, 'e.notFound');
  }
  static forbidden() {
    return new AppError(ErrorCode.FORBIDDEN, 'e.forbidden');
  }
  /**
   * A 400 that belongs to one field of the request (a URL the server will not call, a model that is not the
   * vendor's): the envelope's `fields` names it with the message, so a form marks that field.
   */
  static onField(path: string, key: MessageKey, params: Record<string, string | number> = {}) {
    return new AppError(ErrorCode.VALIDATION, key, params, { fields: [{ path }] });
  }
}

/** Only "no credentials at all" and crashes leave HTTP 200: the console's request layer expects it. */
export function httpStatusFor(code: number): number {
  if (code === ErrorCode.UNAUTHENTICATED) return 401;
  if (code === ErrorCode.INTERNAL) return 500;
  return 200;
}
