import { describe, expect, it } from 'vitest';
import { ErrorCode, TRACE_HEADER } from '@dialwise/contracts';
import { call, useTestServer } from '../../test/helper.ts';

const server = useTestServer();

describe('envelope and errors', () => {
  it('an unknown /api route answers the envelope with code 404', async () => {
    const answer = await call(server, '/api/no/such/route', { headers: { 'accept-language': 'en-US' } });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: ErrorCode.NOT_FOUND, data: null });
    expect(answer.body.message).toBe('No API route POST /api/no/such/route');
  });

  it('carries the trace id in the body and in the response header', async () => {
    const answer = await call(server, '/api/user/logout');
    expect(answer.body.traceId).toMatch(/^[0-9a-f]{16}$/);
    expect(answer.headers[TRACE_HEADER]).toBe(answer.body.traceId);
  });

  it('malformed JSON gets code 400 and a clear message', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"username":',
    });
    expect(response.json()).toMatchObject({ code: ErrorCode.VALIDATION, message: 'The request body is not valid JSON' });
  });

  it('a schema failure names the field, in the Accept-Language of the caller', async () => {
    const answer = await call<{ fields: { path: string }[] }>(server, '/api/user/login', {
      body: { username: 'alice', role: 'admin' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toBe('Password is required');
    expect(answer.body.data.fields[0]!.path).toBe('password');
  });

  it("the console's locale header wins over Accept-Language", async () => {
    const answer = await call(server, '/api/user/login', {
      body: { username: '', password: 'x', role: 'admin' },
      headers: { 'accept-language': 'en-US', 'x-dialwise-locale': 'zh-CN' },
    });
    expect(answer.body.message).toBe('用户名不能为空');
  });

  it('an enum failure lists the allowed values', async () => {
    const answer = await call(server, '/api/user/login', {
      body: { username: 'a', password: 'x', role: 'boss' },
      headers: { 'accept-language': 'en' },
    });
    expect(answer.body.message).toBe('Role must be one of: admin, agent');
  });

  it('publishes an OpenAPI 3 document generated from the schemas, with the docs page', async () => {
    const doc = await server.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const json = doc.json();
    expect(json.openapi).toMatch(/^3\./);
    expect(json.paths['/api/user/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(Object.keys(json.paths)).toEqual(
      expect.arrayContaining(['/api/user/logout', '/api/user/getSelfInfo', '/api/user/menu', '/api/audit/list']),
    );
    const page = await server.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
  });
});
