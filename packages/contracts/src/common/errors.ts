/**
 * Envelope codes and what the console does with them. Business outcomes travel as HTTP 200 with one of
 * these codes, so the console's one request layer reads every outcome from the envelope; the HTTP status
 * is only non-200 for "no credentials at all" (401), an unknown API route (404) and a crash (500).
 */
export const ErrorCode = {
  OK: 200,
  /** Schema failure or malformed JSON; the message names the field, in the caller's language. */
  VALIDATION: 400,
  /** No credentials presented (also sent as HTTP 401: the console shows "Token Expired"). */
  UNAUTHENTICATED: 401,
  /** The caller's role may not do this. */
  FORBIDDEN: 403,
  /** Unknown API route, or an entity the caller cannot see (other tenants' ids answer this too). */
  NOT_FOUND: 404,
  /** A uniqueness or state rule refused the change; nothing was written. */
  CONFLICT: 409,
  /** Too many attempts (sign-in failures); the message says when to try again. */
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** Wrong user name or password. One message, whether or not the user exists. */
  BAD_CREDENTIALS: 4010,
  /** The account or its company is disabled or deleted. */
  ACCOUNT_DISABLED: 4011,
  /** The chosen login role (Admin/Agent) does not admit this account's role. */
  ROLE_MISMATCH: 4012,
  /** This session was replaced by a forced sign-in elsewhere: clear the token, go to the site root. */
  FORCED_LOGOUT: 450,
  /** Passed through to the caller untouched: sign-in answers it when the user is signed in elsewhere,
   * so the login form can offer to force the sign-in. */
  PASS_THROUGH: 451,
  /** A token was presented but is not one we issued (or its session was deleted). */
  ILLEGAL_TOKEN: 50008,
  /** The session was ended by an administrator (password reset, account disabled, company deleted). */
  ENDED_BY_ADMIN: 50012,
  /** The session ran past its lifetime. */
  TOKEN_EXPIRED: 50014,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Codes after which the console offers "Confirm logout" with Re-Login (not on the user-info call). */
export const LOGGED_OUT_CODES: readonly number[] = [ErrorCode.ILLEGAL_TOKEN, ErrorCode.ENDED_BY_ADMIN, ErrorCode.TOKEN_EXPIRED];
