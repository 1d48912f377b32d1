import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@dialwise/contracts';
import { addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';
import { CSV_HEADER, createProject, createTask, grantCatalogue, userWithSession } from '../../test/task-fixtures.ts';
import { MAX_JSON_DEPTH, jsonNestsDeeperThan } from './json-depth.ts';

/*
 * Issue 29 point 1: a body of 20,000 nested arrays answered HTTP 500 (the unsafe-text walk recursed until the
 * stack overflowed). Every body parser path is tried at depth 10k and 1M: JSON endpoints, the scenario import
 * (a JSON document inside the body) and the two CSV uploads (where a cell of brackets is only text).
 */
const server = useTestServer();
const EN = { 'accept-language': 'en-US', 'content-type': 'application/json' };
const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
const expectStillUp = async () => expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
const TOO_DEEP = `The request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep`;

describe('the depth scan', () => {
  it('counts arrays and objects, not brackets inside strings, and stops at the first level too deep', () => {
    expect(jsonNestsDeeperThan(arrays(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonNestsDeeperThan(arrays(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(objects(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ name: '['.repeat(1000) }), MAX_JSON_DEPTH)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(jsonNestsDeeperThan(JSON.stringify({ name: `"${'{'.repeat(100)}` }), MAX_JSON_DEPTH)).toBe(false);
    // Siblings do not add up: depth is how deep, not how many.
    expect(jsonNestsDeeperThan(JSON.stringify(Array.from({ length: 1000 }, () => [[1]])), MAX_JSON_DEPTH)).toBe(false);
    // Malformed text is JSON.parse's to refuse, never a throw here.
    expect(jsonNestsDeeperThan(']]]]"\\', MAX_JSON_DEPTH)).toBe(false);
  });
});

describe('deep JSON bodies answer 400 with a clear message, and the server stays up', () => {
  it.each([
    ['arrays 10k deep', arrays(10_000)],
    ['objects 10k deep', objects(10_000)],
    ['20,000 arrays inside a field', `{"name":${arrays(20_000)},"encryptionType":"PLAIN_TEXT"}`],
    ['one level past the limit', `{"name":${arrays(MAX_JSON_DEPTH)},"encryptionType":"PLAIN_TEXT"}`],
  ])('POST /api/projects/create with %s', async (_case, payload) => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'boss', 'ADMIN');
    const token = await login(server, 'boss', 'admin');
    const answer = await call(server, '/api/projects/create', { token, body: payload, headers: EN });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: ErrorCode.VALIDATION, message: TOO_DEEP });
    const list = await call<{ total: number }>(server, '/api/projects/list', { token, body: {} });
    expect(list.body).toMatchObject({ code: 200, data: { total: 0 } });
  });

  it('at the limit the body reaches the schema, which names the field', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'boss', 'ADMIN');
    const token = await login(server, 'boss', 'admin');
    const payload = `{"name":${arrays(MAX_JSON_DEPTH - 1)},"encryptionType":"PLAIN_TEXT"}`;
    const answer = await call(server, '/api/projects/create', { token, body: payload, headers: EN });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).not.toBe(TOO_DEEP);
    expect(answer.body.message).toMatch(/name/i);
  });

  it.each([
    ['arrays 1M deep', arrays(1_000_000)],
    ['objects 1M deep', objects(1_000_000)],
  ])('%s: past the 1 MB body limit, 413', async (_case, payload) => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'boss', 'ADMIN');
    const token = await login(server, 'boss', 'admin');
    const answer = await call(server, '/api/projects/create', { token, body: payload, headers: EN });
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    await expectStillUp();
  });

  it.each([
    ['10k deep', arrays(10_000)],
    ['1M deep', arrays(1_000_000)],
  ])('the scenario import with a document %s is refused, nothing imported', async (_case, nested) => {
    const { providerId } = await seedCompanies(server);
    await addUser(server, providerId, 'devon', 'DEV');
    const token = await login(server, 'devon', 'admin');
    const answer = await call(server, '/api/operation/scenarios/import', {
      token,
      body: `{"content":{"format":"dialwise.scenario","scenario":${nested}}}`,
      headers: EN,
    });
    expect(answer.status).toBe(nested.length > 1024 * 1024 ? 413 : 200);
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    if (answer.status === 200) expect(answer.body.message).toBe(TOO_DEEP);
    const list = await call<{ total: number }>(server, '/api/operation/scenarios/list', { token, body: {} });
    expect(list.body.data?.total).toBe(0);
  });
});

describe('the CSV uploads take a cell of brackets as text', () => {
  it.each([10_000, 1_000_000])('a subtask upload whose remark is %i brackets answers 4xx or stores it, never 5xx', async (depth) => {
    const { companyId } = await seedCompanies(server);
    const token = await userWithSession(server, companyId, 'alice', 'ADMIN');
    const catalogue = await grantCatalogue(server, companyId);
    const projectId = await createProject(server, token, 'Spring', 'PLAIN_TEXT');
    const taskId = await createTask(server, token, projectId, catalogue);
    const csv = `${CSV_HEADER}\n13800000001,Hi,,${'['.repeat(depth)}\n13800000002,Hi,,fine\n`;
    const response = await server.app.inject({
      method: 'POST',
      url: `/api/subtasks/upload?taskId=${taskId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'accept-language': 'en-US' },
      payload: csv,
    });
    expect(response.statusCode).toBeLessThan(500);
    const last = JSON.parse(response.body.trim().split('\n').at(-1)!) as { code: number; message: string };
    expect(last.code).not.toBe(ErrorCode.INTERNAL);
    await expectStillUp();
  });

  it.each([10_000, 1_000_000])('a do-not-call import whose name column is %i brackets answers without a 5xx', async (depth) => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'boss', 'ADMIN');
    const token = await login(server, 'boss', 'admin');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/dnc/import',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'accept-language': 'en-US' },
      payload: `phone,name\n13800000001,${'{'.repeat(depth)}\n`,
    });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body).not.toMatch(/Internal server error/);
    await expectStillUp();
  });
});
