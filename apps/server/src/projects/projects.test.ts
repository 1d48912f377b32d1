import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { ErrorCode } from '@dialwise/contracts';
import { addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';
import { createProject, createTask, csvOf, grantCatalogue, upload } from '../../test/task-fixtures.ts';
import { auditLog, companies, projects, subtasks, tasks } from '../db/schema.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en' };

interface ProjectView {
  id: string;
  version: number;
  name: string;
  encryptionType: string;
  encryptionApiUrl: string | null;
  creator: string;
  taskCount: number;
  runningTaskCount: number;
}

async function adminOf(company: 'companyId' | 'otherCompanyId' = 'companyId') {
  const seeded = await seedCompanies(server);
  await addUser(server, seeded[company], 'alice', 'ADMIN');
  await addUser(server, seeded.otherCompanyId === seeded[company] ? seeded.companyId : seeded.otherCompanyId, 'gina', 'ADMIN');
  return { ...seeded, alice: await login(server, 'alice', 'admin'), gina: await login(server, 'gina', 'admin') };
}

describe('project rules', () => {
  it.each([
    ['a', ErrorCode.VALIDATION],
    ['ab', ErrorCode.OK],
    ['x'.repeat(30), ErrorCode.OK],
    ['x'.repeat(31), ErrorCode.VALIDATION],
    ['has space', ErrorCode.VALIDATION],
  ])('name %j → %i', async (name, code) => {
    const { alice } = await adminOf();
    const answer = await call(server, '/api/projects/create', { token: alice, body: { name, encryptionType: 'MD5' } });
    expect(answer.body.code).toBe(code);
  });

  it("names the rule in the caller's language", async () => {
    const { alice } = await adminOf();
    const en = await call(server, '/api/projects/create', {
      token: alice,
      body: { name: 'a', encryptionType: 'MD5' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.message).toBe('Project name must be 2–30 characters');
    const zh = await call(server, '/api/projects/create', {
      token: alice,
      body: { name: 'a b', encryptionType: 'MD5' },
      headers: { 'x-dialwise-locale': 'zh-CN' },
    });
    expect(zh.body.message).toBe('名称不能包含空格');
  });

  it('a name is unique in the company whatever its case (409), and free in another company', async () => {
    const { alice, gina } = await adminOf();
    await createProject(server, alice, 'Spring');
    const again = await call(server, '/api/projects/create', { token: alice, body: { name: 'SPRING', encryptionType: 'HEX' } });
    expect(again.body).toMatchObject({ code: ErrorCode.CONFLICT, message: expect.stringContaining('SPRING') });
    expect((await call(server, '/api/projects/create', { token: gina, body: { name: 'Spring', encryptionType: 'HEX' } })).body.code).toBe(
      200,
    );
  });

  it('CUSTOM needs a valid http(s) API URL; other types store none', async () => {
    const { alice } = await adminOf();
    expect((await call(server, '/api/projects/create', { token: alice, body: { name: 'Cust', encryptionType: 'CUSTOM' } })).body.code).toBe(
      ErrorCode.VALIDATION,
    );
    expect(
      (
        await call(server, '/api/projects/create', {
          token: alice,
          body: { name: 'Cust', encryptionType: 'CUSTOM', encryptionApiUrl: 'ftp://x.test/' },
        })
      ).body.code,
    ).toBe(ErrorCode.VALIDATION);
    const ok = await call<ProjectView>(server, '/api/projects/create', {
      token: alice,
      body: { name: 'Cust', encryptionType: 'CUSTOM', encryptionApiUrl: 'https://crm.example.test/decode' },
    });
    expect(ok.body.data).toMatchObject({
      encryptionType: 'CUSTOM',
      encryptionApiUrl: 'https://crm.example.test/decode',
      creator: 'alice-alias',
      taskCount: 0,
    });
    const plain = await call<ProjectView>(server, '/api/projects/create', {
      token: alice,
      body: { name: 'Plain', encryptionType: 'PLAIN_TEXT', encryptionApiUrl: 'https://ignored.test/' },
    });
    expect(plain.body.data.encryptionApiUrl).toBeNull();
  });

  it('CUSTOM needs the customEncryption feature the provider grants: 403 saying so, nothing stored', async () => {
    const { alice, companyId } = await adminOf();
    await server.database.db
      .update(companies)
      .set({ permissions: { numberReveal: false, maxConcurrency: 20, features: ['doNotCall'] } })
      .where(eq(companies.id, companyId));
    const refused = await call(server, '/api/projects/create', {
      token: alice,
      body: { name: 'Cust', encryptionType: 'CUSTOM', encryptionApiUrl: 'https://crm.example.test/decode' },
      headers: EN,
    });
    expect(refused.body).toMatchObject({ code: ErrorCode.FORBIDDEN, message: expect.stringContaining('CUSTOM') });
    expect(await server.database.db.select().from(projects).where(eq(projects.companyId, companyId))).toHaveLength(0);
    expect(
      (await call(server, '/api/projects/create', { token: alice, body: { name: 'Plain', encryptionType: 'PLAIN_TEXT' } })).body.code,
    ).toBe(ErrorCode.OK);
  });

  it('a CUSTOM API URL at an internal address is refused at save (create and edit), naming the field; nothing changes', async () => {
    const { alice, companyId } = await adminOf();
    const internal = [
      'http://127.0.0.1:8080/decode',
      'http://localhost/decode',
      'http://10.1.2.3/decode',
      'http://192.168.0.10/decode',
      'http://169.254.169.254/latest/meta-data',
      'http://127.1.2.3:9000/decode',
    ];
    for (const encryptionApiUrl of internal) {
      const refused = await call(server, '/api/projects/create', {
        token: alice,
        body: { name: 'Cust', encryptionType: 'CUSTOM', encryptionApiUrl },
        headers: EN,
      });
      expect(refused.body, encryptionApiUrl).toMatchObject({
        code: ErrorCode.VALIDATION,
        message: expect.stringMatching(/^Encryption API URL points at an internal address/),
      });
    }
    expect(await server.database.db.select().from(projects).where(eq(projects.companyId, companyId))).toHaveLength(0);

    const id = await createProject(server, alice, 'Cust', 'CUSTOM', { encryptionApiUrl: 'https://crm.example.test/decode' });
    const { version } = (await call<ProjectView>(server, '/api/projects/get', { token: alice, body: { id } })).body.data;
    for (const encryptionApiUrl of internal) {
      const refused = await call(server, '/api/projects/update', {
        token: alice,
        body: { id, version, name: 'Cust', encryptionType: 'CUSTOM', encryptionApiUrl },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(refused.body, encryptionApiUrl).toMatchObject({
        code: ErrorCode.VALIDATION,
        message: expect.stringMatching(/^加密接口地址指向内部地址/),
      });
    }
    const kept = await call<ProjectView>(server, '/api/projects/get', { token: alice, body: { id } });
    expect(kept.body.data).toMatchObject({ encryptionApiUrl: 'https://crm.example.test/decode', version });
  });

  it('the encryption type cannot change after creation: 409 and nothing changes', async () => {
    const { alice } = await adminOf();
    const id = await createProject(server, alice, 'Locked', 'MD5');
    const answer = await call(server, '/api/projects/update', {
      token: alice,
      body: { id, version: 1, name: 'Renamed', encryptionType: 'PLAIN_TEXT' },
      headers: EN,
    });
    expect(answer.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'The encryption type cannot be changed after the project is created',
    });
    const get = await call<ProjectView>(server, '/api/projects/get', { token: alice, body: { id } });
    expect(get.body.data).toMatchObject({ name: 'Locked', encryptionType: 'MD5' });
  });

  it('update renames, moves a CUSTOM URL, keeps the rules and the uniqueness, and is audited', async () => {
    const { alice } = await adminOf();
    await createProject(server, alice, 'Taken');
    const id = await createProject(server, alice, 'Cust', 'CUSTOM', { encryptionApiUrl: 'https://a.test/x' });
    const renamed = await call<ProjectView>(server, '/api/projects/update', {
      token: alice,
      body: { id, version: 1, name: 'Cust2', encryptionType: 'CUSTOM', encryptionApiUrl: 'https://b.test/y' },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Cust2', encryptionApiUrl: 'https://b.test/y' });
    expect(
      (
        await call(server, '/api/projects/update', {
          token: alice,
          body: { id, version: 2, name: 'taken', encryptionType: 'CUSTOM', encryptionApiUrl: 'https://b.test/y' },
        })
      ).body.code,
    ).toBe(ErrorCode.CONFLICT);
    expect(
      (await call(server, '/api/projects/update', { token: alice, body: { id, version: 2, name: 'Cust2', encryptionType: 'CUSTOM' } })).body
        .code,
    ).toBe(ErrorCode.VALIDATION);
    const [entry] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'project'), eq(auditLog.action, 'update')));
    expect(entry!.changes).toEqual({
      name: { from: 'Cust', to: 'Cust2' },
      encryptionApiUrl: { from: 'https://a.test/x', to: 'https://b.test/y' },
    });
  });
});

describe('project list', () => {
  it('pages on the server, newest first, searches by part of the name (LIKE wildcards taken literally)', async () => {
    const { alice } = await adminOf();
    for (const name of ['alpha', 'beta', 'gamma', '50%_off', 'alphabet']) await createProject(server, alice, name);
    const page = await call<{ list: ProjectView[]; total: number }>(server, '/api/projects/list', {
      token: alice,
      body: { page: 2, pageSize: 2 },
    });
    expect(page.body.data.total).toBe(5);
    expect(page.body.data.list.map((p) => p.name)).toEqual(['gamma', 'beta']);
    const search = await call<{ list: ProjectView[]; total: number }>(server, '/api/projects/list', {
      token: alice,
      body: { name: 'ALPHA' },
    });
    expect(search.body.data.list.map((p) => p.name)).toEqual(['alphabet', 'alpha']);
    const literal = await call<{ list: ProjectView[] }>(server, '/api/projects/list', { token: alice, body: { name: '%_' } });
    expect(literal.body.data.list.map((p) => p.name)).toEqual(['50%_off']);
  });

  it('counts tasks and those in progress', async () => {
    const { alice, companyId } = await adminOf();
    const catalogue = await grantCatalogue(server, companyId);
    const id = await createProject(server, alice);
    const running = await createTask(server, alice, id, catalogue);
    await createTask(server, alice, id, catalogue, { name: 'Other' });
    await upload(server, alice, running, csvOf(['13800000001,Hi,,']));
    await call(server, '/api/tasks/action', { token: alice, body: { taskId: running, action: 'start' } });
    const list = await call<{ list: ProjectView[] }>(server, '/api/projects/list', { token: alice, body: {} });
    expect(list.body.data.list[0]).toMatchObject({ taskCount: 2, runningTaskCount: 1 });
  });
});

describe('project delete', () => {
  it('is refused while a task is in progress, then removes the project, its tasks and their subtasks in one go', async () => {
    const { alice, companyId } = await adminOf();
    const catalogue = await grantCatalogue(server, companyId);
    const id = await createProject(server, alice);
    const taskId = await createTask(server, alice, id, catalogue);
    await upload(server, alice, taskId, csvOf(['13800000001,Hi,,', '13800000002,Hi,,']));
    await call(server, '/api/tasks/action', { token: alice, body: { taskId, action: 'start' } });

    const refused = await call(server, '/api/projects/delete', { token: alice, body: { id }, headers: EN });
    expect(refused.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'This project has a task in progress: pause or abort it before deleting the project',
    });
    const db = server.database.db;
    expect((await db.select({ n: count() }).from(subtasks))[0]!.n).toBe(2);

    await call(server, '/api/tasks/action', { token: alice, body: { taskId, action: 'pause' } });
    expect((await call(server, '/api/projects/delete', { token: alice, body: { id } })).body.code).toBe(200);
    expect((await db.select({ n: count() }).from(subtasks))[0]!.n).toBe(0);
    expect((await db.select().from(tasks))[0]!.deletedAt).not.toBeNull();
    expect((await db.select().from(projects))[0]!.deletedAt).not.toBeNull();
    expect((await call(server, '/api/projects/get', { token: alice, body: { id } })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await call(server, '/api/tasks/get', { token: alice, body: { id: taskId } })).body.code).toBe(ErrorCode.NOT_FOUND);
    // The name is free again.
    expect((await call(server, '/api/projects/create', { token: alice, body: { name: 'Spring', encryptionType: 'MD5' } })).body.code).toBe(
      200,
    );
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'project'), eq(auditLog.action, 'delete')));
    expect(entry!.changes).toMatchObject({ name: 'Spring', tasks: 1, subtasks: 2 });
  });
});

describe('project permissions and tenancy', () => {
  it('OPR gets 403 on every project endpoint', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'olga', 'OPR');
    const token = await login(server, 'olga', 'agent');
    for (const url of ['list', 'get', 'create', 'update', 'delete']) {
      const answer = await call(server, `/api/projects/${url}`, {
        token,
        body: { id: '00000000-0000-4000-8000-000000000000', name: 'abc', encryptionType: 'MD5' },
      });
      expect(answer.body.code, url).toBe(ErrorCode.FORBIDDEN);
    }
  });

  it("another company's project answers 404 on get, update and delete, and never shows in the list", async () => {
    const { alice, gina } = await adminOf();
    const id = await createProject(server, alice, 'Secret');
    expect((await call<{ total: number }>(server, '/api/projects/list', { token: gina, body: {} })).body.data.total).toBe(0);
    expect((await call(server, '/api/projects/get', { token: gina, body: { id } })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect(
      (await call(server, '/api/projects/update', { token: gina, body: { id, version: 1, name: 'Mine', encryptionType: 'PLAIN_TEXT' } }))
        .body.code,
    ).toBe(ErrorCode.NOT_FOUND);
    expect((await call(server, '/api/projects/delete', { token: gina, body: { id } })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await call<ProjectView>(server, '/api/projects/get', { token: alice, body: { id } })).body.data.name).toBe('Secret');
  });

  it('a DEV acts in their own company', async () => {
    const { providerId, companyId } = await seedCompanies(server);
    await addUser(server, providerId, 'devon', 'DEV');
    await addUser(server, companyId, 'alice', 'ADMIN');
    const dev = await login(server, 'devon', 'admin');
    const id = await createProject(server, dev, 'Internal');
    const [row] = await server.database.db.select().from(projects).where(eq(projects.id, id));
    expect(row!.companyId).toBe(providerId);
    const alice = await login(server, 'alice', 'admin');
    expect((await call<{ total: number }>(server, '/api/projects/list', { token: alice, body: {} })).body.data.total).toBe(0);
  });
});
