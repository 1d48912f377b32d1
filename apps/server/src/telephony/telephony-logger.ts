/**
 * pino's shape, so the server's logger (or a child of it carrying a call's id, task and line) can be
 * passed in; telephony never logs secrets. Per-call events log at debug, failures at warn or error, so
 * the info level stays quiet at hundreds of calls a second.
 */
export interface TelephonyLogger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  child(bindings: Record<string, unknown>): TelephonyLogger;
}

/** For tests and benchmarks that do not read logs; the server always passes its own logger. */
export const SILENT_LOGGER: TelephonyLogger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  child: () => SILENT_LOGGER,
};
