import type { CallOutcome } from '@dialwise/contracts';

/**
 * The outcome of a final SIP response to our INVITE. Back-pressure codes are kept apart from refusals
 * so the dialer slows the line down instead of marking a good number bad.
 */
export function outcomeOfStatus(status: number): CallOutcome {
  if (status >= 200 && status < 300) return 'answered';
  switch (status) {
    case 486:
    case 600:
      return 'busy';
    case 480:
    case 408:
      return 'no_answer';
    case 404:
    case 484:
    case 604:
      return 'invalid_number';
    case 403:
    case 429:
    case 503:
      return 'backpressure';
    // 603 Decline is the callee's own refusal, like a 4xx rejection, not a network failure.
    case 603:
      return 'rejected';
    default:
      break;
  }
  if (status >= 400 && status < 500) return 'rejected';
  return 'failed';
}

/** `Retry-After: 120 (busy);duration=60` → 120000 ms; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined): number | null {
  const match = value ? /^\s*(\d+)/.exec(value) : null;
  return match ? Number(match[1]) * 1000 : null;
}
