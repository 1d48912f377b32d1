import { describe, expect, it } from 'vitest';
import { outcomeOfStatus, parseRetryAfter } from '../outcome.ts';
import { buildSdpOffer, negotiateAnswer } from './sdp.ts';

describe('SDP', () => {
  it('offers PCMU and PCMA in the line order with telephone-event, 20 ms packets', () => {
    const sdp = buildSdpOffer({ address: '10.1.2.3', port: 20000, codecs: ['PCMA', 'PCMU'], sessionId: 42, version: 1 });
    expect(sdp.split('\r\n')).toEqual([
      'v=0',
      'o=dialwise 42 1 IN IP4 10.1.2.3',
      's=dialwise',
      'c=IN IP4 10.1.2.3',
      't=0 0',
      'm=audio 20000 RTP/AVP 8 0 101',
      'a=rtpmap:8 PCMA/8000',
      'a=rtpmap:0 PCMU/8000',
      'a=rtpmap:101 telephone-event/8000',
      'a=fmtp:101 0-16',
      'a=ptime:20',
      'a=sendrecv',
      '',
    ]);
  });

  it('takes the first codec of the answer that we offered, with the media-level address', () => {
    const answer =
      'v=0\r\no=- 1 1 IN IP4 1.1.1.1\r\ns=-\r\nc=IN IP4 1.1.1.1\r\nt=0 0\r\nm=audio 4000 RTP/AVP 18 8 0 101\r\nc=IN IP4 2.2.2.2\r\na=rtpmap:101 telephone-event/8000\r\n';
    expect(negotiateAnswer(answer, ['PCMU', 'PCMA'])).toEqual({
      ok: true,
      media: { address: '2.2.2.2', port: 4000, codec: 'PCMA', payloadType: 8, telephoneEventPt: 101 },
    });
  });

  it('uses the session-level address and static payload types without rtpmap', () => {
    const answer = 'v=0\nc=IN IP4 3.3.3.3\nm=audio 5000 RTP/AVP 0\n';
    expect(negotiateAnswer(answer, ['PCMU'])).toMatchObject({ ok: true, media: { address: '3.3.3.3', port: 5000, codec: 'PCMU' } });
  });

  it('refuses an answer with no common codec, a refused stream or no address', () => {
    expect(negotiateAnswer('v=0\nc=IN IP4 1.1.1.1\nm=audio 5000 RTP/AVP 18\n', ['PCMU', 'PCMA'])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('no common codec'),
    });
    expect(negotiateAnswer('v=0\nc=IN IP4 1.1.1.1\nm=audio 0 RTP/AVP 0\n', ['PCMU'])).toMatchObject({
      ok: false,
      reason: expect.stringContaining('port 0'),
    });
    expect(negotiateAnswer('v=0\nm=audio 5000 RTP/AVP 0\n', ['PCMU'])).toMatchObject({ ok: false });
    expect(negotiateAnswer('v=0\nm=video 5000 RTP/AVP 96\n', ['PCMU'])).toMatchObject({
      ok: false,
      reason: 'no audio stream in the answer',
    });
    expect(negotiateAnswer('v=0\nc=IN IP4 1.1.1.1\nm=audio 5000 RTP/AVP 8\n', ['PCMU'])).toMatchObject({ ok: false });
  });
});

describe('final status → outcome', () => {
  it.each([
    [200, 'answered'],
    [486, 'busy'],
    [600, 'busy'],
    [480, 'no_answer'],
    [408, 'no_answer'],
    [404, 'invalid_number'],
    [484, 'invalid_number'],
    [604, 'invalid_number'],
    [403, 'backpressure'],
    [429, 'backpressure'],
    [503, 'backpressure'],
    [400, 'rejected'],
    [488, 'rejected'],
    [401, 'rejected'],
    [603, 'rejected'],
    [500, 'failed'],
    [502, 'failed'],
    [606, 'failed'],
    [302, 'failed'],
  ] as const)('%i → %s', (status, outcome) => {
    expect(outcomeOfStatus(status)).toBe(outcome);
  });

  it('reads Retry-After seconds into ms', () => {
    expect(parseRetryAfter('120 (busy);duration=60')).toBe(120_000);
    expect(parseRetryAfter(undefined)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
