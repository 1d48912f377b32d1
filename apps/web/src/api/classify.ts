import { authEndpoints, ErrorCode, LOGGED_OUT_CODES, SUCCESS_CODE, isEnvelope } from '@dialwise/contracts';

/** What the request layer does with one answer (toast, modal, sign-out or nothing, by envelope code and HTTP status). Pure, so every branch is unit-tested. */
export type ResponseAction =
  /** Hand the body to the caller (success, or 451 which the caller handles itself). */
  | { kind: 'resolve' }
  /** Hand the raw answer through untouched (blob and arraybuffer downloads). */
  | { kind: 'raw' }
  /** 450: show the message 5 s, clear the token, go to the site root. */
  | { kind: 'forcedLogout'; message: string }
  /** Any other code: show the message (or 'Error') 5 s and reject; maybe offer "Confirm logout". */
  | { kind: 'fail'; message: string | null; code: number; confirmLogout: boolean }
  /** HTTP 401: "Token Expired", clear the token, go to the site root. */
  | { kind: 'tokenExpired' }
  /** Any other HTTP failure (or no answer at all): "Request Error" 5 s and reject. */
  | { kind: 'requestError'; status: number | null };

export interface AnswerLike {
  /** HTTP status; null when the request never got an answer (network down, aborted). */
  status: number | null;
  body: unknown;
  responseType?: string;
  url?: string;
}

/** The user-info call is the guard's: on failure it signs out itself, so no "Confirm logout" modal. */
const USER_INFO_URL = authEndpoints.selfInfo.path;

export function classifyResponse(answer: AnswerLike): ResponseAction {
  if (answer.responseType === 'blob' || answer.responseType === 'arraybuffer') return { kind: 'raw' };
  if (answer.status === 401) return { kind: 'tokenExpired' };
  if (answer.status === null || answer.status < 200 || answer.status >= 300) return { kind: 'requestError', status: answer.status };
  if (!isEnvelope(answer.body)) return { kind: 'requestError', status: answer.status };

  const { code, message } = answer.body;
  if (code === SUCCESS_CODE || code === ErrorCode.PASS_THROUGH) return { kind: 'resolve' };
  if (code === ErrorCode.FORCED_LOGOUT) return { kind: 'forcedLogout', message };
  const onUserInfo = (answer.url ?? '').endsWith(USER_INFO_URL);
  return { kind: 'fail', message: message || null, code, confirmLogout: LOGGED_OUT_CODES.includes(code) && !onUserInfo };
}
