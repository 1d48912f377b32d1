/**
 * SDP offer/answer for one audio stream (RFC 3264, RFC 4566): we offer G.711 (PCMU, PCMA — the order
 * of the line's preference) plus telephone-event, and read the far end's choice from its answer.
 */
import type { AudioCodec } from '../trunk.ts';
import { PAYLOAD_TYPES } from '../media/g711.ts';

export const TELEPHONE_EVENT_PT = 101;

export interface SdpOfferInput {
  address: string;
  port: number;
  codecs: readonly AudioCodec[];
  sessionId: number;
  version: number;
}

export function buildSdpOffer(input: SdpOfferInput): string {
  const ip = input.address.includes(':') ? 'IP6' : 'IP4';
  const pts = input.codecs.map((c) => PAYLOAD_TYPES[c]);
  return [
    'v=0',
    `o=dialwise ${input.sessionId} ${input.version} IN ${ip} ${input.address}`,
    's=dialwise',
    `c=IN ${ip} ${input.address}`,
    't=0 0',
    `m=audio ${input.port} RTP/AVP ${[...pts, TELEPHONE_EVENT_PT].join(' ')}`,
    ...input.codecs.map((c) => `a=rtpmap:${PAYLOAD_TYPES[c]} ${c}/8000`),
    `a=rtpmap:${TELEPHONE_EVENT_PT} telephone-event/8000`,
    `a=fmtp:${TELEPHONE_EVENT_PT} 0-16`,
    'a=ptime:20',
    'a=sendrecv',
    '',
  ].join('\r\n');
}

export interface RemoteMedia {
  address: string;
  port: number;
  codec: AudioCodec;
  payloadType: number;
  /** The far end's telephone-event payload type, when it has one. */
  telephoneEventPt: number | null;
}

export type NegotiationResult = { ok: true; media: RemoteMedia } | { ok: false; reason: string };

/** Reads the far end's SDP: its address/port and the first of its codecs that we offered. */
export function negotiateAnswer(sdp: string, offered: readonly AudioCodec[]): NegotiationResult {
  const lines = sdp
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  let sessionAddress: string | null = null;
  let mediaAddress: string | null = null;
  let mline: string[] | null = null;
  const rtpmap = new Map<number, string>();
  let inAudio = false;
  for (const line of lines) {
    if (line.startsWith('m=')) {
      if (mline) break; // only the first audio stream is ours
      const parts = line.slice(2).split(/\s+/);
      inAudio = parts[0] === 'audio';
      if (inAudio) mline = parts;
      continue;
    }
    if (line.startsWith('c=')) {
      const address = line.slice(2).split(/\s+/)[2] ?? null;
      if (inAudio) mediaAddress = address;
      else if (!mline) sessionAddress = address;
      continue;
    }
    if (inAudio && line.startsWith('a=rtpmap:')) {
      const match = /^a=rtpmap:(\d+)\s+([^/\s]+)\/(\d+)/i.exec(line);
      if (match) rtpmap.set(Number(match[1]), `${match[2]!.toUpperCase()}/${match[3]}`);
    }
  }
  if (!mline) return { ok: false, reason: 'no audio stream in the answer' };
  const port = Number(mline[1]);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) return { ok: false, reason: 'audio stream refused (port 0)' };
  const address = mediaAddress ?? sessionAddress;
  if (!address) return { ok: false, reason: 'no connection address in the answer' };
  const formats = mline
    .slice(3)
    .map(Number)
    .filter((n) => Number.isInteger(n));
  let telephoneEventPt: number | null = null;
  for (const [pt, name] of rtpmap) if (name.startsWith('TELEPHONE-EVENT/')) telephoneEventPt = pt;
  for (const pt of formats) {
    const name = rtpmap.get(pt);
    const codec: AudioCodec | null =
      name === 'PCMU/8000' || (name === undefined && pt === 0)
        ? 'PCMU'
        : name === 'PCMA/8000' || (name === undefined && pt === 8)
          ? 'PCMA'
          : null;
    if (codec && offered.includes(codec)) return { ok: true, media: { address, port, codec, payloadType: pt, telephoneEventPt } };
  }
  return { ok: false, reason: `no common codec (answer offers ${formats.join(' ')})` };
}
