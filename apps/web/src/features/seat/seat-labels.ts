import {
  SEAT_DROPPING_ERRORS,
  SEAT_ERROR_MESSAGES,
  translate,
  type Locale,
  type SeatConnectionState,
  type SeatErrorCode,
  type SeatState,
} from '@dialwise/contracts';

/** Arco tag colours of the seat's states: green when calls can come, blue in a call, grey or red otherwise. */
export const SEAT_STATE_COLOR: Record<SeatState, string> = {
  'not-connected': 'gray',
  'signed-out': 'orangered',
  'signed-in': 'gold',
  waiting: 'green',
  'in-call': 'arcoblue',
};

export const CONNECTION_COLOR: Record<SeatConnectionState, string> = {
  'not-connected': 'gray',
  connected: 'green',
  error: 'red',
  disconnected: 'red',
};

/** The spec's message for a seat error, in the page's language (the server's own text is in the socket's). */
export function seatErrorText(code: SeatErrorCode, locale: Locale): string {
  return translate(SEAT_ERROR_MESSAGES[code], locale);
}

/** Errors after which the seat must connect and sign in again (the rest refuse one request). */
export const DROPPING_ERRORS: ReadonlySet<SeatErrorCode> = new Set(SEAT_DROPPING_ERRORS);
