import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import type { ApiKeyCreated } from '@dialwise/contracts';
import { call, seedCompanies, useTestServer } from '../../../test/helper.ts';
import { createProject, createTask, grantCatalogue, userWithSession } from '../../../test/task-fixtures.ts';
import { clientTypes } from './integration-document.ts';
import type { paths } from './schema.ts';

const server = useTestServer();

describe('the typed client generated from the OpenAPI document', () => {
  it('is up to date with the document the server publishes', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const committed = await readFile(new URL('./schema.ts', import.meta.url), 'utf8');
    expect(await clientTypes(document)).toBe(committed);
  });

  it('drives the API over HTTP with a key: push numbers idempotently, start the task, read its progress, sync records', async () => {
    const { companyId } = await seedCompanies(server);
    const alice = await userWithSession(server, companyId, 'alice', 'ADMIN');
    const catalogue = await grantCatalogue(server, companyId);
    const projectId = await createProject(server, alice, 'Spring');
    const taskId = await createTask(server, alice, projectId, catalogue);
    const created = await call<ApiKeyCreated>(server, '/api/api-keys/create', { token: alice, body: { name: 'crm', scope: 'campaigns' } });

    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const client = createClient<paths>({
      baseUrl: `http://127.0.0.1:${port}`,
      headers: { authorization: `Bearer ${created.body.data.key}`, 'accept-language': 'en-US' },
    });

    const rows = [
      { phoneNumber: '13800000001', businessInfo: 'crmId=17' },
      { phoneNumber: '13800000002', prologueInfo: 'Hi', remark: 'vip', extra: { city: 'Hangzhou' } },
      { phoneNumber: 'not a phone' },
    ];
    const pushed = await client.POST('/api/subtasks/push', { body: { taskId, rows }, headers: { 'idempotency-key': 'crm-batch-1' } });
    expect(pushed.data?.code).toBe(200);
    expect(pushed.data?.data).toMatchObject({
      accepted: 2,
      duplicates: 0,
      rejectedCount: 1,
      rejected: [{ row: 3, problem: 'phoneInvalid' }],
    });
    const retried = await client.POST('/api/subtasks/push', { body: { taskId, rows }, headers: { 'idempotency-key': 'crm-batch-1' } });
    expect(retried.data?.data).toEqual(pushed.data?.data);

    const started = await client.POST('/api/tasks/action', { body: { taskId, action: 'start' } });
    expect(started.data?.data.status).toBe('in_progress');
    const task = await client.POST('/api/tasks/get', { body: { id: taskId } });
    expect(task.data?.data).toMatchObject({ id: taskId, pendingCount: 2, totalCount: 2 });

    const synced = await client.POST('/api/call-records/sync', { body: { limit: 100 } });
    expect(synced.data?.data).toMatchObject({ list: [], hasMore: false, nextCursor: expect.any(String) });

    // A campaigns key is refused what it may not do, with the envelope the document describes.
    const refused = await client.POST('/api/dnc/add', { body: { phones: ['13800000003'] } });
    expect([refused.data?.code, refused.data?.message]).toEqual([
      403,
      'This API key’s scope (campaigns) does not allow this operation; it needs full',
    ]);
  });
});
