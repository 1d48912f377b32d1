import { SEAT_HEARTBEAT, SEAT_TIMING } from '@dialwise/contracts';

/** The seat area's clocks; tests and the benchmark shorten them. */
export interface SeatTiming {
  heartbeatIntervalMs: number;
  /** No ping from a seat for this long → heartbeat timeout: the seat is disconnected and signed out. */
  heartbeatTimeoutMs: number;
  offerSeconds: number;
  mediaSeconds: number;
  /** A seat whose process has not touched it for this long is not offered calls (its process died). */
  staleMs: number;
}

export function seatTiming(overrides: Partial<SeatTiming> = {}): SeatTiming {
  const heartbeatIntervalMs = overrides.heartbeatIntervalMs ?? SEAT_HEARTBEAT.intervalMs;
  return {
    heartbeatIntervalMs,
    heartbeatTimeoutMs: overrides.heartbeatTimeoutMs ?? SEAT_HEARTBEAT.timeoutMs,
    offerSeconds: overrides.offerSeconds ?? SEAT_TIMING.offerSeconds,
    mediaSeconds: overrides.mediaSeconds ?? SEAT_TIMING.mediaSeconds,
    staleMs: overrides.staleMs ?? heartbeatIntervalMs * 3,
  };
}
