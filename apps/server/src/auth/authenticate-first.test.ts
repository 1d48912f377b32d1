import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@dialwise/contracts';
import { useTestServer } from '../../test/helper.ts';

const server = useTestServer();

interface Operation {
  security?: unknown[];
}

/** Every documented operation that needs a session (the ones not marked `security: []`). */
async function protectedOperations() {
  const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => !(Array.isArray(operation.security) && operation.security.length === 0))
      .map(([method, _operation]) => ({ method: method.toUpperCase() as 'GET' | 'POST', url: path.replace(/\{\w+\}/g, 'not-an-id') })),
  );
}

describe('authentication comes before validation (issue 15)', () => {
  it('an anonymous caller with a malformed body or query gets 401 on every protected endpoint, never the field list', async () => {
    const operations = await protectedOperations();
    expect(operations.length).toBeGreaterThan(50);
    for (const { method, url } of operations) {
      const malformedBody = await server.app.inject({
        method,
        url: `${url}?page=-1&pageSize=zero&id=nope`,
        ...(method === 'GET' ? {} : { payload: { id: 'nope', page: -1, name: ['x'], unknownField: true } }),
      });
      expect({ method, url, status: malformedBody.statusCode }).toEqual({ method, url, status: 401 });
      expect(malformedBody.json().code).toBe(ErrorCode.UNAUTHENTICATED);
      expect(malformedBody.json().data ?? null).toBeNull();
    }
  });

  it('unparseable JSON from an anonymous caller is 401 as well: the body is not even read', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/accounts/create',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(answer.statusCode).toBe(401);
  });

  it('a public endpoint (sign-in) with a malformed body still gets the field list (400)', async () => {
    const answer = await server.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 1 } });
    expect(answer.json()).toMatchObject({ code: ErrorCode.VALIDATION, data: { fields: expect.any(Array) } });
  });
});
