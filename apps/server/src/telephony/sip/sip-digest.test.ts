import { describe, expect, it } from 'vitest';
import { buildAuthorization, chooseChallenge, computeDigestResponse, parseAuthParams, parseChallenge } from './sip-digest.ts';

const RFC2617 = {
  username: 'Mufasa',
  password: 'Circle Of Life',
  realm: 'testrealm@host.com',
  nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
  method: 'GET',
  uri: '/dir/index.html',
};

describe('digest response', () => {
  it('matches the RFC 2617 §3.5 example (MD5, qop=auth)', () => {
    expect(computeDigestResponse({ ...RFC2617, algorithm: 'MD5', qop: 'auth', nc: '00000001', cnonce: '0a4f113b' })).toBe(
      '6629fae49393a05397450978507c4ef1',
    );
  });

  it('computes the RFC 2069 form when the challenge has no qop (H(HA1:nonce:HA2))', () => {
    // Reference value computed independently with Python's hashlib from the same inputs.
    expect(computeDigestResponse({ ...RFC2617, algorithm: 'MD5' })).toBe('670fd8c2df070c60b045671b8b24ff02');
  });

  it('matches the RFC 7616 §3.9.1 SHA-256 example', () => {
    expect(
      computeDigestResponse({
        algorithm: 'SHA-256',
        username: 'Mufasa',
        password: 'Circle of Life',
        realm: 'http-auth@example.org',
        method: 'GET',
        uri: '/dir/index.html',
        nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
        qop: 'auth',
        nc: '00000001',
        cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
      }),
    ).toBe('753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1');
  });

  it('MD5-sess folds the nonce and cnonce into HA1, so the response differs from plain MD5', () => {
    const base = { ...RFC2617, qop: 'auth', nc: '00000001', cnonce: '0a4f113b' };
    expect(computeDigestResponse({ ...base, algorithm: 'MD5-sess' })).not.toBe(computeDigestResponse({ ...base, algorithm: 'MD5' }));
    expect(computeDigestResponse({ ...base, algorithm: 'MD5-sess' })).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses an algorithm it cannot compute', () => {
    expect(() => computeDigestResponse({ ...RFC2617, algorithm: 'SHA-512-256' })).toThrow(/unsupported/);
  });
});

describe('challenges', () => {
  it('reads quoted, unquoted and comma-holding parameters', () => {
    const params = parseAuthParams('realm="a, b", nonce="x\\"y", algorithm=MD5, stale=TRUE');
    expect(Object.fromEntries(params)).toEqual({ realm: 'a, b', nonce: 'x"y', algorithm: 'MD5', stale: 'TRUE' });
  });

  it('parses a Digest challenge with its defaults', () => {
    expect(parseChallenge('Digest realm="sip.example.com", nonce="abc", qop="auth,auth-int", opaque="o1"')).toEqual({
      realm: 'sip.example.com',
      nonce: 'abc',
      opaque: 'o1',
      algorithm: 'MD5',
      qop: ['auth', 'auth-int'],
      stale: false,
    });
    expect(parseChallenge('Digest realm="r", nonce="n", stale=true')?.stale).toBe(true);
  });

  it('ignores what it cannot answer: Basic, a missing nonce, an unknown algorithm', () => {
    expect(parseChallenge('Basic realm="r"')).toBeNull();
    expect(parseChallenge('Digest realm="r"')).toBeNull();
    expect(parseChallenge('Digest realm="r", nonce="n", algorithm=AKAv1-MD5')).toBeNull();
  });

  it('prefers a SHA-256 challenge over MD5 when both are offered', () => {
    expect(chooseChallenge(['Digest realm="r", nonce="1", algorithm=MD5', 'Digest realm="r", nonce="2", algorithm=SHA-256'])?.nonce).toBe(
      '2',
    );
    expect(chooseChallenge(['Basic realm="r"', 'Digest realm="r", nonce="3"'])?.nonce).toBe('3');
    expect(chooseChallenge(['Basic realm="r"'])).toBeNull();
  });
});

describe('Authorization header', () => {
  it('answers qop=auth with cnonce, nc and the matching response', () => {
    const challenge = parseChallenge(
      'Digest realm="testrealm@host.com", qop="auth,auth-int", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", opaque="5ccc069c403ebaf9f0171e9517f40e41"',
    )!;
    const header = buildAuthorization({
      challenge,
      username: 'Mufasa',
      password: 'Circle Of Life',
      method: 'GET',
      uri: '/dir/index.html',
      cnonce: '0a4f113b',
    });
    expect(header).toBe(
      'Digest username="Mufasa", realm="testrealm@host.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093", uri="/dir/index.html", ' +
        'response="6629fae49393a05397450978507c4ef1", algorithm=MD5, cnonce="0a4f113b", opaque="5ccc069c403ebaf9f0171e9517f40e41", qop=auth, nc=00000001',
    );
  });

  it('answers a challenge without qop with neither cnonce nor nc', () => {
    const challenge = parseChallenge('Digest realm="testrealm@host.com", nonce="dcd98b7102dd2f0e8b11d0f600bfb0c093"')!;
    const header = buildAuthorization({ challenge, username: 'Mufasa', password: 'Circle Of Life', method: 'GET', uri: '/dir/index.html' });
    expect(header).toContain('response="670fd8c2df070c60b045671b8b24ff02"');
    expect(header).not.toMatch(/cnonce|qop|nc=/);
  });

  it('counts requests on the same nonce in nc', () => {
    const challenge = parseChallenge('Digest realm="r", nonce="n", qop="auth"')!;
    expect(buildAuthorization({ challenge, username: 'u', password: 'p', method: 'INVITE', uri: 'sip:1@h', nonceCount: 3 })).toContain(
      'nc=00000003',
    );
  });
});
