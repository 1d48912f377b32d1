/**
 * A SIP phone for tests that talks: a small UAS on loopback that answers one INVITE (PCMU), sends RTP
 * every 20 ms (its lines, silence between them), keeps every sample it hears, and follows the
 * conversation by ear — it says its next line once the caller has spoken and then been quiet for
 * `pauseMs`, and after its last line it waits for the caller's answer to end and hangs up (BYE).
 * Everything on the wire is real SIP and RTP: nothing in the audio path is faked.
 */
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { performance } from 'node:perf_hooks';
import { rms } from '../src/audio/pcm.ts';
import { decodeG711, encodeG711 } from '../src/telephony/media/g711.ts';
import { parseRtp, RTP_HEADER_BYTES, writeRtpHeader } from '../src/telephony/media/rtp-packet.ts';
import { negotiateAnswer, type RemoteMedia } from '../src/telephony/sip/sdp.ts';
import { parseSipMessage, serializeSipMessage, SipHeaders, type SipRequest } from '../src/telephony/sip/sip-message.ts';

export interface SpeakingFarEndOptions {
  /** 8 kHz PCM lines, said in turn. */
  lines: Int16Array[];
  /** Quiet after the caller's speech before the next line (or the hang-up). */
  pauseMs?: number;
  /** RMS above which a received frame is the caller speaking. */
  speechRms?: number;
}

export interface SpeakingFarEnd {
  address: string;
  port: number;
  /** Everything heard since the answer, in order (20 ms per received packet). */
  heard(): Int16Array;
  /** The RTP header of every packet heard, in order of arrival. */
  heardHeaders: Array<{ sequence: number; timestamp: number }>;
  /**
   * Call times (ms since the answer) at which each line started and ended playing, and how much of
   * `heard()` had arrived by its end (the caller's stream may start late, so call time and heard audio
   * are two clocks: slice what was heard around a line by `heardAtStart` / `heardAtEnd`, in samples).
   */
  spoke: Array<{ startMs: number; endMs: number; heardAtStart: number; heardAtEnd: number }>;
  /** Resolves when the call is over (we sent BYE, or received one). */
  ended: Promise<'we-hung-up' | 'caller-hung-up'>;
  close(): Promise<void>;
}

const FRAME = 160;

export async function startSpeakingFarEnd(options: SpeakingFarEndOptions): Promise<SpeakingFarEnd> {
  const pauseMs = options.pauseMs ?? 900;
  const speechRms = options.speechRms ?? 400;
  const sip = await bound();
  const rtp = await bound();
  const heard: Int16Array[] = [];
  const heardHeaders: Array<{ sequence: number; timestamp: number }> = [];
  const spoke: Array<{ startMs: number; endMs: number; heardAtStart: number; heardAtEnd: number }> = [];
  let invite: { request: SipRequest; from: RemoteInfo; toTag: string } | null = null;
  let media: RemoteMedia | null = null;
  let answeredAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let endCall!: (how: 'we-hung-up' | 'caller-hung-up') => void;
  const ended = new Promise<'we-hung-up' | 'caller-hung-up'>((resolve) => {
    endCall = resolve;
  });
  let over = false;

  // The conversation by ear.
  let heardSpeech = false;
  let quietMs = 0;
  let nextLine = 0;
  let playing: { samples: Int16Array; offset: number; index: number } | null = null;
  const sequence = { seq: 1, ts: 0, ssrc: 0x1234abcd };

  const heardSamples = () => heard.reduce((n, h) => n + h.length, 0);
  const send = (data: Buffer, to: { address: string; port: number }) => sip.send(data, to.port, to.address);
  const now = () => Math.round(performance.now() - answeredAt);

  sip.on('message', (data, from) => {
    const message = parseSipMessage(data);
    if (message.kind !== 'request') return;
    if (message.method === 'INVITE' && !invite) {
      const negotiated = negotiateAnswer(message.body, ['PCMU']);
      if (!negotiated.ok) throw new Error(negotiated.reason);
      media = negotiated.media;
      invite = { request: message, from, toTag: 'farend1' };
      const body = [
        'v=0',
        `o=- 1 1 IN IP4 127.0.0.1`,
        's=-',
        'c=IN IP4 127.0.0.1',
        't=0 0',
        `m=audio ${rtp.address().port} RTP/AVP 0`,
        'a=rtpmap:0 PCMU/8000',
        'a=ptime:20',
        'a=sendrecv',
        '',
      ].join('\r\n');
      const headers = reply(message, `;tag=${invite.toTag}`);
      headers.add('Contact', `<sip:far@127.0.0.1:${sip.address().port}>`);
      headers.add('Content-Type', 'application/sdp');
      send(serializeSipMessage({ kind: 'response', status: 200, reason: 'OK', headers, body }), from);
      return;
    }
    if (message.method === 'ACK' && invite && !answeredAt) {
      answeredAt = performance.now();
      startMedia();
      return;
    }
    if (message.method === 'BYE') {
      send(serializeSipMessage({ kind: 'response', status: 200, reason: 'OK', headers: reply(message, ''), body: '' }), from);
      finish('caller-hung-up');
    }
  });

  rtp.on('message', (data) => {
    const packet = parseRtp(data);
    if (!packet || !answeredAt || over) return;
    const samples = decodeG711('PCMU', packet.payload, new Int16Array(packet.payload.length));
    heard.push(samples);
    heardHeaders.push({ sequence: packet.sequence, timestamp: packet.timestamp });
    if (playing) return; // our own turn: the caller's audio is kept but does not drive the script
    if (rms(samples) >= speechRms) {
      heardSpeech = true;
      quietMs = 0;
      return;
    }
    if (!heardSpeech) return;
    quietMs += 20;
    if (quietMs < pauseMs) return;
    heardSpeech = false;
    quietMs = 0;
    if (nextLine < options.lines.length) {
      playing = { samples: options.lines[nextLine]!, offset: 0, index: nextLine };
      spoke.push({ startMs: now(), endMs: 0, heardAtStart: heardSamples(), heardAtEnd: 0 });
      nextLine++;
    } else hangUp();
  });

  function startMedia(): void {
    let due = performance.now();
    const tick = () => {
      if (over) return;
      const frame = new Int16Array(FRAME);
      if (playing) {
        frame.set(playing.samples.subarray(playing.offset, playing.offset + FRAME));
        playing.offset += FRAME;
        if (playing.offset >= playing.samples.length) {
          spoke[playing.index]!.endMs = now();
          spoke[playing.index]!.heardAtEnd = heardSamples();
          playing = null;
        }
      }
      const packet = Buffer.alloc(RTP_HEADER_BYTES + FRAME);
      writeRtpHeader(packet, {
        payloadType: 0,
        marker: sequence.seq === 1,
        sequence: sequence.seq,
        timestamp: sequence.ts,
        ssrc: sequence.ssrc,
      });
      encodeG711('PCMU', frame, packet, RTP_HEADER_BYTES);
      sequence.seq = (sequence.seq + 1) & 0xffff;
      sequence.ts += FRAME;
      if (media) rtp.send(packet, media.port, media.address);
      due += 20;
      timer = setTimeout(tick, Math.max(0, due - performance.now()));
    };
    tick();
  }

  function hangUp(): void {
    if (!invite || over) return;
    const { request, from, toTag } = invite;
    const headers = new SipHeaders();
    headers.add('Via', `SIP/2.0/UDP 127.0.0.1:${sip.address().port};branch=z9hG4bK-farend-bye`);
    headers.add('From', `${request.headers.get('to')};tag=${toTag}`);
    headers.add('To', request.headers.get('from') ?? '');
    headers.add('Call-ID', request.headers.get('call-id') ?? '');
    headers.add('CSeq', '1 BYE');
    headers.add('Max-Forwards', '70');
    const contact = /<([^>]+)>/.exec(request.headers.get('contact') ?? '')?.[1] ?? request.uri;
    send(serializeSipMessage({ kind: 'request', method: 'BYE', uri: contact, headers, body: '' }), from);
    finish('we-hung-up');
  }

  function finish(how: 'we-hung-up' | 'caller-hung-up'): void {
    if (over) return;
    over = true;
    if (timer) clearTimeout(timer);
    endCall(how);
  }

  return {
    address: '127.0.0.1',
    port: sip.address().port,
    spoke,
    ended,
    heardHeaders,
    heard: () => {
      const out = new Int16Array(heard.reduce((n, h) => n + h.length, 0));
      let at = 0;
      for (const part of heard) {
        out.set(part, at);
        at += part.length;
      }
      return out;
    },
    close: async () => {
      finish('we-hung-up');
      await Promise.all([new Promise<void>((r) => sip.close(() => r())), new Promise<void>((r) => rtp.close(() => r()))]);
    },
  };
}

/** A response's headers for a request: its Via, From, Call-ID and CSeq, and To with our tag. */
function reply(request: SipRequest, toTag: string): SipHeaders {
  const headers = new SipHeaders();
  for (const via of request.headers.raw('via')) headers.add('Via', via);
  headers.add('From', request.headers.get('from') ?? '');
  const to = request.headers.get('to') ?? '';
  headers.add('To', to.includes(';tag=') ? to : `${to}${toTag}`);
  headers.add('Call-ID', request.headers.get('call-id') ?? '');
  headers.add('CSeq', request.headers.get('cseq') ?? '');
  return headers;
}

function bound(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve(socket));
  });
}
