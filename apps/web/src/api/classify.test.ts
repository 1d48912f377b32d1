import { describe, expect, it } from 'vitest';
import { authEndpoints, ErrorCode, projectEndpoints } from '@dialwise/contracts';
import { classifyResponse } from './classify.ts';

const envelope = (code: number, message = 'msg') => ({ code, message, data: null, traceId: 't' });

describe('classifyResponse', () => {
  it('hands blob and arraybuffer answers through without any check', () => {
    expect(classifyResponse({ status: 500, body: 'x', responseType: 'blob' })).toEqual({ kind: 'raw' });
    expect(classifyResponse({ status: 200, body: envelope(450), responseType: 'arraybuffer' })).toEqual({ kind: 'raw' });
  });
  it('resolves code 200 and passes 451 through to the caller', () => {
    expect(classifyResponse({ status: 200, body: envelope(200) })).toEqual({ kind: 'resolve' });
    expect(classifyResponse({ status: 200, body: envelope(ErrorCode.PASS_THROUGH) })).toEqual({ kind: 'resolve' });
  });
  it('turns 450 into a forced logout carrying the server message', () => {
    expect(classifyResponse({ status: 200, body: envelope(450, 'elsewhere') })).toEqual({ kind: 'forcedLogout', message: 'elsewhere' });
  });
  it('fails other codes with their message, or none so the layer says "Error"', () => {
    expect(classifyResponse({ status: 200, body: envelope(409, 'taken') })).toEqual({
      kind: 'fail',
      message: 'taken',
      code: 409,
      confirmLogout: false,
    });
    expect(classifyResponse({ status: 200, body: envelope(400, '') })).toMatchObject({ kind: 'fail', message: null });
  });
  it.each([50008, 50012, 50014])('offers "Confirm logout" for %i, except on the user-info call', (code) => {
    expect(classifyResponse({ status: 200, body: envelope(code), url: projectEndpoints.list.path })).toMatchObject({ confirmLogout: true });
    expect(classifyResponse({ status: 200, body: envelope(code), url: authEndpoints.selfInfo.path })).toMatchObject({
      confirmLogout: false,
    });
  });
  it('answers HTTP 401 with "Token Expired" whatever the body', () => {
    expect(classifyResponse({ status: 401, body: envelope(401) })).toEqual({ kind: 'tokenExpired' });
  });
  it('answers other HTTP failures, no answer at all, or a body that is not an envelope with "Request Error"', () => {
    expect(classifyResponse({ status: 502, body: 'Bad gateway' })).toEqual({ kind: 'requestError', status: 502 });
    expect(classifyResponse({ status: null, body: undefined })).toEqual({ kind: 'requestError', status: null });
    expect(classifyResponse({ status: 200, body: '<html>' })).toEqual({ kind: 'requestError', status: 200 });
  });
});
