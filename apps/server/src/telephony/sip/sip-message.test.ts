import { describe, expect, it } from 'vitest';
import { branchOf, parseNameAddr, parseSipUri, parseVia, tagOf } from './sip-address.ts';
import { parseCSeq, parseSipMessage, serializeSipMessage, SipHeaders, SipParseError, splitList, type SipRequest } from './sip-message.ts';

const INVITE = [
  'INVITE sip:13800000000@carrier.example.com SIP/2.0',
  'v: SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK776asdhds;rport, SIP/2.0/UDP 10.0.0.2:5070;branch=z9hG4bKfirst',
  'Via: SIP/2.0/UDP 10.0.0.3;branch=z9hG4bKlast',
  'Max-Forwards: 70',
  'f: "Dial, wise" <sip:02100000000@carrier.example.com>;tag=1928301774',
  'To: <sip:13800000000@carrier.example.com>',
  'i: a84b4c76e66710@pc33.example.com',
  'CSeq: 314159 INVITE',
  'Subject: a folded',
  '  header line',
  'Content-Type: application/sdp',
  'l: 12',
  '',
  'v=0\r\no=x 1\r\nEXTRA BYTES BEYOND CONTENT-LENGTH',
].join('\r\n');

describe('SIP message parsing', () => {
  it('reads a request with compact names, a folded line, several Via values and a Content-Length-bounded body', () => {
    const message = parseSipMessage(INVITE) as SipRequest;
    expect(message.kind).toBe('request');
    expect(message.method).toBe('INVITE');
    expect(message.uri).toBe('sip:13800000000@carrier.example.com');
    expect(message.headers.getAll('via')).toEqual([
      'SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK776asdhds;rport',
      'SIP/2.0/UDP 10.0.0.2:5070;branch=z9hG4bKfirst',
      'SIP/2.0/UDP 10.0.0.3;branch=z9hG4bKlast',
    ]);
    expect(message.headers.raw('via')).toHaveLength(2);
    expect(message.headers.get('From')).toBe('"Dial, wise" <sip:02100000000@carrier.example.com>;tag=1928301774');
    expect(message.headers.get('call-id')).toBe('a84b4c76e66710@pc33.example.com');
    expect(message.headers.get('subject')).toBe('a folded header line');
    expect(message.body).toBe('v=0\r\no=x 1\r\n');
  });

  it('reads a response and its reason phrase', () => {
    const message = parseSipMessage('SIP/2.0 486 Busy Here\r\nCall-ID: x\r\nCSeq: 1 INVITE\r\nContent-Length: 0\r\n\r\n');
    expect(message).toMatchObject({ kind: 'response', status: 486, reason: 'Busy Here', body: '' });
  });

  it('accepts bare LF line ends and a message without a body separator', () => {
    expect(parseSipMessage('SIP/2.0 200 OK\nCall-ID: y\n\n')).toMatchObject({ kind: 'response', status: 200 });
    expect(parseSipMessage('BYE sip:a@b SIP/2.0\r\nCall-ID: z')).toMatchObject({ kind: 'request', method: 'BYE' });
  });

  it('refuses what is not SIP', () => {
    expect(() => parseSipMessage('GET / HTTP/1.1\r\nHost: x\r\n\r\n')).toThrow(SipParseError);
    expect(() => parseSipMessage('')).toThrow(SipParseError);
    expect(() => parseSipMessage('SIP/2.0 200 OK\r\nno colon here\r\n\r\n')).toThrow(SipParseError);
    expect(() => parseSipMessage('SIP/2.0 200 OK\r\nContent-Length: 50\r\n\r\nshort')).toThrow(/truncated/);
  });

  it('serialises with full names, Content-Length from the body, and parses back to the same message', () => {
    const headers = new SipHeaders([
      ['v', 'SIP/2.0/UDP 127.0.0.1:5060;branch=z9hG4bKabc'],
      ['i', 'call-1'],
      ['CSeq', '2 INVITE'],
      ['Content-Length', '999'],
    ]);
    const bytes = serializeSipMessage({ kind: 'request', method: 'INVITE', uri: 'sip:1@h', headers, body: 'v=0\r\n' });
    const text = bytes.toString();
    expect(text).toBe(
      'INVITE sip:1@h SIP/2.0\r\nVia: SIP/2.0/UDP 127.0.0.1:5060;branch=z9hG4bKabc\r\nCall-ID: call-1\r\nCSeq: 2 INVITE\r\nContent-Length: 5\r\n\r\nv=0\r\n',
    );
    const again = parseSipMessage(bytes) as SipRequest;
    expect([...again.headers]).toEqual([...headers].filter(([name]) => name !== 'Content-Length').concat([['Content-Length', '5']]));
    expect(again.body).toBe('v=0\r\n');
  });

  it('counts Content-Length in bytes, not characters', () => {
    const bytes = serializeSipMessage({ kind: 'response', status: 200, reason: 'OK', headers: new SipHeaders(), body: 'é' });
    expect(bytes.toString()).toContain('Content-Length: 2\r\n');
    expect(parseSipMessage(bytes).body).toBe('é');
  });

  it('set, delete and has are case-insensitive and know compact names', () => {
    const headers = new SipHeaders([['To', '<sip:a@b>']]);
    expect(headers.has('t')).toBe(true);
    headers.set('TO', '<sip:c@d>;tag=1');
    expect(headers.getAll('to')).toEqual(['<sip:c@d>;tag=1']);
    headers.delete('t');
    expect(headers.has('To')).toBe(false);
  });
});

describe('header values', () => {
  it('splits lists at top-level commas only', () => {
    expect(splitList('<sip:a@b;x=1,2>, "x,y" <sip:c@d>, sip:e@f')).toEqual(['<sip:a@b;x=1,2>', '"x,y" <sip:c@d>', 'sip:e@f']);
  });

  it('reads SIP URIs', () => {
    const uri = parseSipUri('sip:line1001@[::1]:5070;transport=udp;lr?subject=x')!;
    expect(uri).toMatchObject({ scheme: 'sip', user: 'line1001', host: '[::1]', port: 5070 });
    expect(Object.fromEntries(uri.params)).toEqual({ transport: 'udp', lr: null });
    expect(parseSipUri('sips:carrier.example.com')).toMatchObject({ scheme: 'sips', user: null, host: 'carrier.example.com', port: null });
    expect(parseSipUri('tel:+123')).toBeNull();
  });

  it('reads name-addr with and without angle brackets; the tag is a header parameter', () => {
    expect(parseNameAddr('"Bob \\"B\\"" <sip:bob@h;transport=udp>;tag=abc')).toMatchObject({
      display: 'Bob "B"',
      uri: 'sip:bob@h;transport=udp',
    });
    expect(tagOf('<sip:bob@h;transport=udp>;tag=abc')).toBe('abc');
    expect(tagOf('sip:bob@h;tag=xyz')).toBe('xyz');
    expect(tagOf('<sip:bob@h;tag=inside>')).toBeNull();
  });

  it('reads Via and its branch', () => {
    expect(parseVia('SIP/2.0/UDP 10.0.0.1:5060;branch=z9hG4bK1;rport;received=1.2.3.4')).toMatchObject({
      transport: 'UDP',
      host: '10.0.0.1',
      port: 5060,
    });
    expect(branchOf('SIP / 2.0 / UDP host;branch=z9hG4bK2')).toBe('z9hG4bK2');
    expect(parseCSeq('  12  bye ')).toEqual({ seq: 12, method: 'BYE' });
    expect(parseCSeq('INVITE')).toBeNull();
  });
});
