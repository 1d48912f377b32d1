import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Page, type Tag } from '@dialwise/contracts';
import { call, currentVersion, useTestServer } from '../../../test/helper.ts';
import { operationUsers } from '../../../test/operation.ts';
import { auditLog, tags } from '../../db/schema.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en' };

/** The provider with a DEV, two customers, an ADMIN and an operator in the first. */
const setup = () => operationUsers(server);

const intent = { name: 'High intent', alias: 'high_intent', description: 'Asked about prices' };
const create = (token: string, body: Record<string, unknown>) =>
  call<Tag>(server, '/api/operation/tags/create', { token, body, headers: EN });
/** An edit as the console sends it: with the version the form opened (the current one unless the test gives one). */
const update = async (token: string, body: Record<string, unknown>) => {
  const version = 'version' in body ? body.version : await currentVersion(server, tags, String(body.id)).catch(() => 1);
  return call<Tag>(server, '/api/operation/tags/update', { token, body: { ...body, version }, headers: EN });
};
const list = (token: string, body: Record<string, unknown> = {}) => call<Page<Tag>>(server, '/api/operation/tags/list', { token, body });
const auditOf = (action: string) => server.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('tags: the form rules at their boundaries', () => {
  it.each([
    ['an alias of 31 characters', { alias: 'a'.repeat(31) }, 'Alias must be at most 30 lowercase letters and underscores'],
    ['an upper-case alias', { alias: 'High_intent' }, 'Alias must be at most 30 lowercase letters and underscores'],
    ['an alias with a digit', { alias: 'intent2' }, 'Alias must be at most 30'],
    ['an alias with a hyphen', { alias: 'high-intent' }, 'Alias must be at most 30'],
    ['an empty alias', { alias: '' }, 'Alias is required'],
    ['an empty name', { name: ' ' }, 'Name is required'],
    ['a name of 51 characters', { name: 'n'.repeat(51) }, 'Name is too long'],
    ['a missing description', { description: undefined }, 'Description is required'],
    ['a description of 201 characters', { description: 'd'.repeat(201) }, 'Description is too long'],
  ])('refuses %s (400)', async (_case, change, message) => {
    const { dev } = await setup();
    const answer = await create(dev, { ...intent, ...change });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toContain(message);
    expect(await server.database.db.select().from(tags)).toHaveLength(0);
  });

  it('accepts an alias of 1 and of 30 characters, underscores included', async () => {
    const { dev } = await setup();
    expect((await create(dev, { ...intent, alias: 'a' })).body.code).toBe(200);
    expect((await create(dev, { ...intent, alias: `${'a'.repeat(28)}_b` })).body.code).toBe(200);
    expect((await create(dev, { ...intent, alias: '_' })).body.code).toBe(200);
  });
});

describe('tags: add, edit, list, delete', () => {
  it('adds a tag with a generated uuid, refuses a taken alias (409), records it', async () => {
    const { dev } = await setup();
    const answer = await create(dev, intent);
    expect(answer.body.data).toMatchObject({ ...intent, createdByName: 'devon' });
    expect(answer.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const taken = await create(dev, { ...intent, name: 'Other' });
    expect(taken.body).toMatchObject({ code: ErrorCode.CONFLICT, message: 'A tag with the alias high_intent already exists' });
    const [entry] = await auditOf('tag.create');
    expect(entry).toMatchObject({ entityId: answer.body.data.id, actorName: 'devon' });
    expect(entry!.changes).toMatchObject(intent);
  });

  it("edits a tag, keeps its uuid, records the diff; refuses another tag's alias; unknown id is 404", async () => {
    const { dev } = await setup();
    const tag = (await create(dev, intent)).body.data;
    const other = (await create(dev, { ...intent, alias: 'other' })).body.data;
    const answer = await update(dev, { id: tag.id, ...intent, description: 'Asked for a quote' });
    expect(answer.body.data).toMatchObject({ uuid: tag.uuid, description: 'Asked for a quote', updatedByName: 'devon' });
    const [entry] = await auditOf('tag.update');
    expect(entry!.changes).toEqual({ description: { from: 'Asked about prices', to: 'Asked for a quote' } });
    expect((await update(dev, { id: other.id, ...intent })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await update(dev, { id: '00000000-0000-4000-8000-000000000000', ...intent })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await update(dev, { id: tag.id, ...intent, alias: 'UPPER' })).body.code).toBe(ErrorCode.VALIDATION);
  });

  it('lists by alias and searches name, alias and description', async () => {
    const { dev } = await setup();
    await create(dev, intent);
    await create(dev, { name: 'Wrong number', alias: 'wrong_number', description: 'Not the intended person' });
    expect((await list(dev)).body.data.list.map((t) => t.alias)).toEqual(['high_intent', 'wrong_number']);
    expect((await list(dev, { keyword: 'PRICES' })).body.data.list.map((t) => t.alias)).toEqual(['high_intent']);
    expect((await list(dev, { keyword: 'wrong_' })).body.data.list.map((t) => t.alias)).toEqual(['wrong_number']);
    expect((await list(dev, { pageSize: 1 })).body.data).toMatchObject({ total: 2 });
  });

  it('deletes a tag and records what it was; a second delete is 404', async () => {
    const { dev } = await setup();
    const tag = (await create(dev, intent)).body.data;
    expect((await call(server, '/api/operation/tags/delete', { token: dev, body: { id: tag.id } })).body.code).toBe(200);
    expect(await server.database.db.select().from(tags)).toHaveLength(0);
    const [entry] = await auditOf('tag.delete');
    expect(entry!.changes).toMatchObject({ alias: 'high_intent', uuid: tag.uuid });
    expect((await call(server, '/api/operation/tags/delete', { token: dev, body: { id: tag.id } })).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});
