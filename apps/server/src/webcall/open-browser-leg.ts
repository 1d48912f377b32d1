import { ErrorCode, type IceServer, WEB_CALL_LIMITS } from '@dialwise/contracts';
import { AppError } from '../http/app-error.ts';
import { SeatPeer } from '../seat/seat-peer.ts';
import { BrowserCall, type TelephonyLogger } from '../telephony/index.ts';

export interface BrowserLegOptions {
  /** The browser's offer, its ICE candidates gathered into it. */
  offerSdp: string;
  iceServers: readonly IceServer[];
  /** Extra host addresses for our ICE candidates (SEAT_ICE_ADDRESSES). */
  iceAddresses?: string[];
  recordingPath: string | null;
  maxDurationMs?: number;
  connectMs?: number;
  logger?: TelephonyLogger;
}

export interface BrowserLeg {
  call: BrowserCall;
  /** Our answer, every candidate of ours in it (werift gathers them before it sets the local description). */
  answerSdp: string;
}

/**
 * The WebRTC leg of a voice test call: our WebRTC peer (the seat's, PCMU only) answers the browser's offer, and
 * a BrowserCall carries its audio. The call is answered when ICE and DTLS are up; it ends when the browser's
 * connection fails or closes, or goes quiet for 5 s (the microphone's track sends a packet every 20 ms while the
 * call lives: the seat's rule for a connection lost without a hang-up), and the peer closes when the call ends.
 * Signalling is one request: the browser gathers its candidates before it sends the offer, we answer with ours.
 */
export async function openBrowserLeg(options: BrowserLegOptions): Promise<BrowserLeg> {
  const call = new BrowserCall({
    recordingPath: options.recordingPath,
    maxDurationMs: options.maxDurationMs ?? WEB_CALL_LIMITS.maxMs,
    logger: options.logger,
  });
  const peer = new SeatPeer(
    (payload) => call.receive(payload),
    () => undefined,
    { interfaceAddresses: options.iceAddresses, iceServers: options.iceServers },
  );
  let answerSdp: string;
  try {
    answerSdp = await peer.answer(options.offerSdp);
  } catch (error) {
    await peer.close();
    options.logger?.debug({ err: error }, 'browser offer refused');
    throw new AppError(ErrorCode.VALIDATION, 'e.webcall.badOffer');
  }
  // No codec in common: werift answers the audio section with port 0 (rejected).
  if (!/^m=audio [1-9]/m.test(answerSdp)) {
    await peer.close();
    throw new AppError(ErrorCode.VALIDATION, 'e.webcall.badOffer');
  }
  const connectTimer = setTimeout(
    () => void call.failed('the browser did not connect (ICE/DTLS)'),
    options.connectMs ?? WEB_CALL_LIMITS.connectMs,
  );
  connectTimer.unref();
  void peer.connected.then((up) => {
    clearTimeout(connectTimer);
    if (!up) {
      void call.failed('the browser did not connect (ICE/DTLS)');
      return;
    }
    call.start(peer);
    peer.expectAudio(true);
  });
  void peer.lost.then(() => call.farEndHungUp());
  void call.ended.then(() => {
    clearTimeout(connectTimer);
    return peer.close();
  });
  return { call, answerSdp };
}
