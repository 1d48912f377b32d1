import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, LOGIN_THROTTLE } from '@dialwise/contracts';
import { auditLog, sessions } from '../db/schema.ts';
import { trustProxyFrom } from '../config.ts';
import { PASSWORD, addUser, call, seedCompanies, useTestServer, type TestServer } from '../../test/helper.ts';

// Injected requests come from 127.0.0.1 (the socket): that is "the proxy" when one is trusted.
const direct = useTestServer();
const behindProxy = useTestServer({ trustProxy: trustProxyFrom('127.0.0.1') });
const PER_ADDRESS = LOGIN_THROTTLE.maxFailures * 4;

const forwarded = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });

/** PER_ADDRESS failed sign-ins of different user names (so no per-name lock), each claiming a new address. */
async function failFromNewAddresses(server: TestServer) {
  for (let i = 0; i < PER_ADDRESS; i += 1) {
    const answer = await call(server, '/api/user/login', {
      body: { username: `nobody${i}`, password: 'wrong', role: 'admin' },
      headers: forwarded(i),
    });
    expect(answer.body.code).toBe(ErrorCode.BAD_CREDENTIALS);
  }
  return call(server, '/api/user/login', { body: { username: 'nobody-last', password: 'wrong', role: 'admin' }, headers: forwarded(250) });
}

async function forgotFromNewAddresses(server: TestServer, count: number) {
  const codes: number[] = [];
  for (let i = 0; i < count; i += 1) {
    codes.push((await call(server, '/api/user/forgotPassword', { body: { username: 'alice' }, headers: forwarded(i) })).body.code);
  }
  return codes;
}

async function signInAndReadAddress(server: TestServer, remoteAddress = '127.0.0.1') {
  const { companyId } = await seedCompanies(server);
  const alice = await addUser(server, companyId, 'alice', 'ADMIN');
  const answer = await call(server, '/api/user/login', {
    body: { username: 'alice', password: PASSWORD, role: 'admin' },
    headers: { 'x-forwarded-for': '203.0.113.7' },
    remoteAddress,
  });
  expect(answer.body.code).toBe(200);
  const [audit] = await server.database.db.select().from(auditLog).where(eq(auditLog.actorId, alice.id));
  const [session] = await server.database.db.select().from(sessions).where(eq(sessions.userId, alice.id));
  return { audit: audit!.changes.ip, session: session!.ip };
}

describe('TRUST_PROXY off (the default): X-Forwarded-For is ignored', () => {
  it('the per-address sign-in lock holds whatever address the header claims', async () => {
    expect((await failFromNewAddresses(direct)).body.code).toBe(ErrorCode.RATE_LIMITED);
  });

  it('the register / forgot-password limit (10 a minute) holds whatever address the header claims', async () => {
    const codes = await forgotFromNewAddresses(direct, 11);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(codes[10]).toBe(ErrorCode.RATE_LIMITED);
  });

  it('the audit log and the session record the socket address', async () => {
    expect(await signInAndReadAddress(direct)).toEqual({ audit: '127.0.0.1', session: '127.0.0.1' });
  });
});

describe('TRUST_PROXY names the proxy: its X-Forwarded-For is the client address', () => {
  it('the per-address lock counts per client behind the proxy', async () => {
    expect((await failFromNewAddresses(behindProxy)).body.code).toBe(ErrorCode.BAD_CREDENTIALS);
  });

  it('the register / forgot-password limit counts per client behind the proxy', async () => {
    expect(await forgotFromNewAddresses(behindProxy, 11)).toEqual(Array(11).fill(200));
  });

  it('the audit log and the session record the forwarded client address', async () => {
    expect(await signInAndReadAddress(behindProxy)).toEqual({ audit: '203.0.113.7', session: '203.0.113.7' });
  });

  it('a peer that is not the configured proxy cannot set the address', async () => {
    expect(await signInAndReadAddress(behindProxy, '192.0.2.9')).toEqual({ audit: '192.0.2.9', session: '192.0.2.9' });
  });
});

describe('TRUST_PROXY values', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['off', false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 192.168.0.0/16,loopback', ['10.0.0.1', '192.168.0.0/16', 'loopback']],
  ])('%j reads as %j', (value, expected) => {
    expect(trustProxyFrom(value)).toEqual(expected);
  });
});
