import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { API_KEY_SCOPES, ErrorCode, type ApiKey, type ApiKeyCreated, type ApiKeyScope } from '@dialwise/contracts';
import { addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';
import { apiKeys, auditLog } from '../db/schema.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en-US' };

async function setUp() {
  const seeded = await seedCompanies(server);
  await addUser(server, seeded.companyId, 'boss', 'ADMIN');
  await addUser(server, seeded.otherCompanyId, 'rival', 'ADMIN');
  await addUser(server, seeded.companyId, 'seat', 'OPR');
  await addUser(server, seeded.providerId, 'ops', 'DEV');
  return {
    ...seeded,
    boss: await login(server, 'boss', 'admin'),
    rival: await login(server, 'rival', 'admin'),
    seat: await login(server, 'seat', 'agent'),
    ops: await login(server, 'ops', 'admin'),
  };
}

async function createKey(token: string, body: { name: string; scope: ApiKeyScope; expiresAt?: string | null }) {
  const answer = await call<ApiKeyCreated>(server, '/api/api-keys/create', { token, body });
  expect(answer.body.code, answer.body.message).toBe(200);
  return answer.body.data;
}

const listKeys = async (token: string) => (await call<ApiKey[]>(server, '/api/api-keys/list', { token, body: {} })).body;

/** Every operation of the OpenAPI document, with the key scope it documents (absent: console-only). */
async function documentedOperations() {
  const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, { security?: unknown[]; 'x-api-key-scope'?: ApiKeyScope }>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({
      path,
      method: method.toUpperCase() as 'GET' | 'POST',
      public: Array.isArray(operation.security) && operation.security.length === 0,
      scope: operation['x-api-key-scope'],
    })),
  );
}

function send(operation: { path: string; method: 'GET' | 'POST' }, key: string) {
  // The refusal comes before the body is read: an empty body and a made-up id are enough to ask.
  const url = operation.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
  return server.app.inject({
    method: operation.method,
    url,
    headers: { authorization: `Bearer ${key}`, ...EN },
    ...(operation.method === 'POST' ? { payload: {} } : {}),
  });
}

describe('API keys', () => {
  it('are shown once at creation, stored only as a hash, listed by prefix, and never returned again', async () => {
    const { boss } = await setUp();
    const created = await createKey(boss, { name: 'CRM sync', scope: 'campaigns' });
    expect(created.key).toMatch(/^dwk_[A-Za-z0-9_-]{43}$/);
    expect(created.apiKey).toMatchObject({ name: 'CRM sync', scope: 'campaigns', state: 'active', createdBy: 'boss', expiresAt: null });
    expect(created.key.startsWith(created.apiKey.prefix)).toBe(true);

    const [row] = await server.database.db.select().from(apiKeys);
    expect(row!.keyHash).toBe(createHash('sha256').update(created.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const list = await listKeys(boss);
    expect(list.data).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(list.data[0]).toMatchObject({ prefix: created.apiKey.prefix, scope: 'campaigns', createdBy: 'boss', lastUsedTime: null });

    // The audit log of the creation names the key but holds no key.
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.entity, 'api_key'));
    expect(entries.map((e) => e.action)).toEqual(['create']);
    expect(JSON.stringify(entries)).not.toContain(created.key);
  });

  it('calls the API as the company, and every use is audited with the key name', async () => {
    const { boss, companyId } = await setUp();
    const { key, apiKey } = await createKey(boss, { name: 'reporting', scope: 'read' });
    const answer = await call(server, '/api/tasks/options', { token: key, body: {} });
    expect(answer.body.code).toBe(200);
    const refused = await call(server, '/api/tasks/create', { token: key, body: {}, headers: EN });
    expect(refused.body.code).toBe(ErrorCode.FORBIDDEN);
    expect(refused.body.message).toBe('This API key’s scope (read) does not allow this operation; it needs campaigns');

    const uses = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'api_key'), eq(auditLog.action, 'use')))
      .orderBy(auditLog.id);
    expect(uses.map((u) => [u.actorName, u.companyId, u.entityId, u.changes])).toEqual([
      ['apiKey:reporting', companyId, apiKey.id, { method: 'POST', path: '/api/tasks/options' }],
      ['apiKey:reporting', companyId, apiKey.id, { method: 'POST', path: '/api/tasks/create', refused: 'e.apiKey.scope' }],
    ]);
    expect((await listKeys(boss)).data[0]!.lastUsedTime).not.toBeNull();
  });

  it('open exactly the operations their scope reaches, table-driven from the OpenAPI document; console-only ones never', async () => {
    const { boss } = await setUp();
    const keys = Object.fromEntries(
      await Promise.all(API_KEY_SCOPES.map(async (scope) => [scope, (await createKey(boss, { name: scope, scope })).key] as const)),
    ) as Record<ApiKeyScope, string>;
    const operations = (await documentedOperations()).filter((operation) => !operation.public);
    const opened = operations.filter((operation) => operation.scope);
    expect(opened.length).toBeGreaterThanOrEqual(15);
    expect(operations.length - opened.length).toBeGreaterThan(100);
    for (const operation of operations) {
      for (const scope of API_KEY_SCOPES) {
        const answer = (await send(operation, keys[scope])).json() as { code: number; message: string };
        const rank = (s: ApiKeyScope) => API_KEY_SCOPES.indexOf(s);
        const label = `${operation.method} ${operation.path} with a ${scope} key`;
        if (!operation.scope) {
          expect({ label, code: answer.code, message: answer.message }).toEqual({
            label,
            code: ErrorCode.FORBIDDEN,
            message: 'API keys cannot use this endpoint; it is for the console only',
          });
        } else if (rank(scope) < rank(operation.scope)) {
          expect({ label, code: answer.code, message: answer.message }).toEqual({
            label,
            code: ErrorCode.FORBIDDEN,
            message: `This API key’s scope (${scope}) does not allow this operation; it needs ${operation.scope}`,
          });
        } else {
          expect({ label, refused: answer.code === ErrorCode.FORBIDDEN }).toEqual({ label, refused: false });
        }
      }
    }
    // The key operations themselves are console-only.
    for (const path of [
      '/api/api-keys/list',
      '/api/api-keys/create',
      '/api/api-keys/revoke',
      '/api/accounts/list',
      '/api/user/getSelfInfo',
    ]) {
      expect(operations.find((o) => o.path === path)?.scope, path).toBeUndefined();
    }
  });

  it('stop at their expiry, and a revoked key is refused from its next request', async () => {
    const { boss } = await setUp();
    const expiring = await createKey(boss, { name: 'trial', scope: 'read', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    const revoked = await createKey(boss, { name: 'old', scope: 'read' });
    for (const { key } of [expiring, revoked])
      expect((await call(server, '/api/tasks/options', { token: key, body: {} })).body.code).toBe(200);

    const revoke = await call<ApiKey>(server, '/api/api-keys/revoke', { token: boss, body: { id: revoked.apiKey.id } });
    expect(revoke.body.data).toMatchObject({ state: 'revoked', revokedTime: expect.any(String) });
    const afterRevoke = await call(server, '/api/tasks/options', { token: revoked.key, body: {}, headers: EN });
    expect([afterRevoke.body.code, afterRevoke.body.message]).toEqual([ErrorCode.ILLEGAL_TOKEN, 'This API key was revoked']);
    expect((await call(server, '/api/api-keys/revoke', { token: boss, body: { id: revoked.apiKey.id } })).body.code).toBe(
      ErrorCode.CONFLICT,
    );

    server.clock.advance(3_600_001);
    const afterExpiry = await call(server, '/api/tasks/options', { token: expiring.key, body: {}, headers: EN });
    expect([afterExpiry.body.code, afterExpiry.body.message]).toEqual([ErrorCode.TOKEN_EXPIRED, 'This API key has expired']);
    expect((await listKeys(boss)).data.map((k) => [k.name, k.state])).toEqual([
      ['old', 'revoked'],
      ['trial', 'expired'],
    ]);
  });

  it('refuses an expiry in the past, an empty name and an unknown scope, naming the field', async () => {
    const { boss } = await setUp();
    const past = await call(server, '/api/api-keys/create', {
      token: boss,
      body: { name: 'x', scope: 'read', expiresAt: new Date(Date.now() - 1000).toISOString() },
      headers: EN,
    });
    expect([past.body.code, past.body.message]).toEqual([ErrorCode.VALIDATION, 'Expiry must lie in the future']);
    const blank = await call(server, '/api/api-keys/create', { token: boss, body: { name: ' ', scope: 'read' }, headers: EN });
    expect(blank.body.code).toBe(ErrorCode.VALIDATION);
    expect(blank.body.message).toContain('Name');
    const scope = await call(server, '/api/api-keys/create', { token: boss, body: { name: 'x', scope: 'admin' }, headers: EN });
    expect(scope.body.code).toBe(ErrorCode.VALIDATION);
    expect(scope.body.message).toContain('Scope');
    expect(await server.database.db.select().from(apiKeys)).toEqual([]);
  });

  it("belong to one company: another company's admin neither sees nor revokes them, and a key reads only its company", async () => {
    const { boss, rival } = await setUp();
    const { key, apiKey } = await createKey(boss, { name: 'acme', scope: 'full' });
    expect((await listKeys(rival)).data).toEqual([]);
    expect((await call(server, '/api/api-keys/revoke', { token: rival, body: { id: apiKey.id } })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await listKeys(boss)).data[0]!.state).toBe('active');

    const rivalProject = await call<{ id: string }>(server, '/api/projects/create', {
      token: rival,
      body: { name: 'GlobexLeads', encryptionType: 'PLAIN_TEXT' },
    });
    expect(rivalProject.body.code, rivalProject.body.message).toBe(200);
    const seen = await call<{ list: { id: string }[] }>(server, '/api/projects/list', { token: key, body: { page: 1, pageSize: 50 } });
    expect(seen.body.data.list.map((p) => p.id)).not.toContain(rivalProject.body.data.id);
    expect((await call(server, '/api/projects/get', { token: key, body: { id: rivalProject.body.data.id } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
  });

  it('are made by administrators and provider staff for their own company; agents may not', async () => {
    const { ops, seat, providerId } = await setUp();
    const created = await createKey(ops, { name: 'provider tooling', scope: 'read' });
    const [row] = await server.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.apiKey.id));
    expect([row!.companyId, row!.role]).toEqual([providerId, 'DEV']);
    expect((await call(server, '/api/api-keys/create', { token: seat, body: { name: 'x', scope: 'read' } })).body.code).toBe(
      ErrorCode.FORBIDDEN,
    );
    expect((await call(server, '/api/api-keys/list', { token: seat, body: {} })).body.code).toBe(ErrorCode.FORBIDDEN);
  });

  it('a session token keeps working beside keys, and a made-up key is refused like an unknown token', async () => {
    const { boss } = await setUp();
    await createKey(boss, { name: 'k', scope: 'read' });
    expect((await call(server, '/api/user/getSelfInfo', { token: boss, body: {} })).body.code).toBe(200);
    const unknown = await call(server, '/api/tasks/options', { token: `dwk_${'x'.repeat(43)}`, body: {} });
    expect(unknown.body.code).toBe(ErrorCode.ILLEGAL_TOKEN);
  });
});
