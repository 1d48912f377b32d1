import { z } from 'zod';

/**
 * Voice test calls in the browser: the browser's microphone and speaker are the callee's end of a call, over a
 * WebRTC leg to our server (PCMU only), in place of a carrier's RTP. The same runtime and speech path as a SIP call.
 */
export const WEB_CALL_LIMITS = {
  /** Voice test calls one user may hold at once (the bench's conversations count too). */
  perUser: 3,
  /** Voice test calls open at once in one company (each costs a recogniser, a VAD and a WebRTC peer). */
  perCompany: 10,
  /** Hung up after this long whatever happens (a task's own timeout hang-up ends it sooner). */
  maxMs: 10 * 60_000,
  /** ICE and DTLS must be up this long after the answer, or the call is ended. */
  connectMs: 15_000,
  /** The browser's offer (non-trickle: its candidates are in it). */
  sdpChars: 20_000,
} as const;

/** One STUN/TURN server as RTCPeerConnection takes it (`ICE_SERVERS` holds a JSON array of these). */
export const iceServerSchema = z.strictObject({
  urls: z.union([z.string().regex(/^(stun|stuns|turn|turns):/), z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;
export const iceServersSchema = z.array(iceServerSchema);

/** What the browser needs before it makes its offer: the ICE servers both sides use. */
export const webCallConfigSchema = z.object({ iceServers: iceServersSchema });
export type WebCallConfig = z.infer<typeof webCallConfigSchema>;

/** The browser's SDP offer, every ICE candidate gathered into it (no trickle). */
export const sdpOfferSchema = z
  .string()
  .min(1, { error: 'v.required' })
  .max(WEB_CALL_LIMITS.sdpChars, { error: 'v.webcall.sdp' })
  .refine((sdp) => sdp.startsWith('v=0') && /\bm=audio\b/.test(sdp), { error: 'v.webcall.sdp' });
