import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  SEAT_ERROR_CODES,
  SEAT_ERROR_MESSAGES,
  isMessageKey,
  seatClientMessageSchema,
  seatServerMessageSchema,
  translate,
} from '../index.ts';

const id = '0190a0b4-5c6d-7e8f-9a0b-1c2d3e4f5a6b';

describe('seat signalling messages', () => {
  it('every error code has its message in both languages, in the product wording', () => {
    for (const code of SEAT_ERROR_CODES) expect(isMessageKey(SEAT_ERROR_MESSAGES[code]), code).toBe(true);
    expect(translate(SEAT_ERROR_MESSAGES['call-connection-failed'], 'en-US')).toBe(
      'Call connection failed, system has automatically hung up',
    );
    expect(translate(SEAT_ERROR_MESSAGES['sign-out-failed'], 'en-US')).toBe('Sign out failed (check network)');
    expect(MESSAGES['zh-CN']['e.seat.serverNotResponding']).toBeTruthy();
  });
  it('sign-in defaults to standby and takes an optional project', () => {
    expect(seatClientMessageSchema.parse({ type: 'sign-in' })).toEqual({ type: 'sign-in', standby: true });
    expect(seatClientMessageSchema.parse({ type: 'sign-in', projectId: id, standby: false })).toMatchObject({ projectId: id });
    expect(seatClientMessageSchema.safeParse({ type: 'sign-in', projectId: 'x' }).success).toBe(false);
  });
  it('refuses unknown types and malformed ids', () => {
    expect(seatClientMessageSchema.safeParse({ type: 'dance' }).success).toBe(false);
    expect(seatClientMessageSchema.safeParse({ type: 'accept', offerId: '1' }).success).toBe(false);
    expect(seatClientMessageSchema.safeParse({ type: 'webrtc-offer', callId: id, sdp: '' }).success).toBe(false);
  });
  it('reads the server messages the seat relies on', () => {
    const offer = {
      type: 'offer',
      offerId: id,
      callId: id,
      projectId: id,
      projectName: 'P',
      taskId: id,
      taskName: 'T',
      subtaskId: id,
      customerNumber: '*******0001',
      encryptionType: 'PLAIN_TEXT',
      businessInfo: { plan: 'gold' },
      conversation: [{ speaker: 'customer', text: 'a human please', at: new Date().toISOString() }],
      summary: null,
      deadline: new Date().toISOString(),
    };
    // A phone call's offer; an older server's offer without `test` reads as one too.
    expect(seatServerMessageSchema.parse(offer)).toEqual({ ...offer, test: false });
    expect(seatServerMessageSchema.parse({ ...offer, customerNumber: '', test: true })).toMatchObject({ customerNumber: '', test: true });
    expect(seatServerMessageSchema.safeParse({ type: 'call-ended', callId: id, reason: 'gone' }).success).toBe(false);
  });
});
