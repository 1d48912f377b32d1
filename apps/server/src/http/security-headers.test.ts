import { describe, expect, it } from 'vitest';
import { AUTH_COOKIE } from '@dialwise/contracts';
import { PASSWORD, addUser, seedCompanies, useTestServer } from '../../test/helper.ts';
import { CONTENT_SECURITY_POLICY } from './security-headers.ts';

// Injected requests come from 127.0.0.1: trusted as the proxy here, so X-Forwarded-Proto says "HTTPS".
const server = useTestServer({ trustProxy: ['127.0.0.1'] });

async function signIn(headers: Record<string, string>) {
  const { companyId } = await seedCompanies(server);
  await addUser(server, companyId, 'alice', 'ADMIN');
  return server.app.inject({
    method: 'POST',
    url: '/api/user/login',
    headers,
    payload: { username: 'alice', password: PASSWORD, role: 'admin' },
  });
}

describe('security headers (issue 15 point 7)', () => {
  it.each([
    ['an API answer', 'GET', '/api/health'],
    ['an error', 'POST', '/api/accounts/list'],
    ['a page path (not found here: no console built)', 'GET', '/dashboard'],
  ] as const)('%s carries nosniff, no framing, no referrer and the CSP; no HSTS over HTTP', async (_what, method, url) => {
    const response = await server.app.inject({ method, url });
    expect(response.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
      'content-security-policy': CONTENT_SECURITY_POLICY,
    });
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('over HTTPS (X-Forwarded-Proto from the trusted proxy): HSTS, and the session cookie is Secure but readable by the console', async () => {
    const response = await signIn({ 'x-forwarded-proto': 'https' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const cookie = response.cookies.find((c) => c.name === AUTH_COOKIE)!;
    expect(cookie).toMatchObject({ secure: true, sameSite: 'Strict' });
    expect(cookie.httpOnly).toBeUndefined();
  });

  it('over plain HTTP the cookie is not Secure (the browser would drop it)', async () => {
    const response = await signIn({});
    expect(response.cookies.find((c) => c.name === AUTH_COOKIE)!.secure).toBeUndefined();
  });
});
