import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, type Page, type Voice } from '@dialwise/contracts';
import { call, currentVersion, useTestServer } from '../../../test/helper.ts';
import { operationUsers } from '../../../test/operation.ts';
import { auditLog, companyGrants, voices } from '../../db/schema.ts';

const server = useTestServer();
const EN = { 'accept-language': 'en' };

/** The provider with a DEV, two customers, an ADMIN and an operator in the first. */
const setup = () => operationUsers(server);

const xiaomei = { nickname: 'Xiaomei', vendor: 'volcano', clusterKey: 'volcano_tts', originalVoiceId: 'zhfemalexiaomei01' };
const create = (token: string, body: Record<string, unknown>) =>
  call<Voice>(server, '/api/operation/voices/create', { token, body, headers: EN });
/** An edit as the console sends it: with the version the form opened (the current one unless the test gives one). */
const update = async (token: string, body: Record<string, unknown>) => {
  const version = 'version' in body ? body.version : await currentVersion(server, voices, String(body.id)).catch(() => 1);
  return call<Voice>(server, '/api/operation/voices/update', { token, body: { ...body, version }, headers: EN });
};
const remove = (token: string, id: string) => call(server, '/api/operation/voices/delete', { token, body: { id }, headers: EN });
const list = (token: string, body: Record<string, unknown> = {}) =>
  call<Page<Voice>>(server, '/api/operation/voices/list', { token, body });
const auditOf = (action: string) => server.database.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('voices: the form rules at their boundaries', () => {
  it.each([
    ['a nickname of 21 characters', { nickname: 'n'.repeat(21) }, 'Nickname must be 1–20 characters'],
    ['an empty nickname', { nickname: '' }, 'Nickname must be 1–20 characters'],
    ['a nickname with punctuation', { nickname: 'Xiao-mei' }, 'Nickname may contain only English letters, digits or Chinese characters'],
    ['a nickname with a space', { nickname: 'Xiao mei' }, 'Nickname may contain only'],
    ['a nickname with Chinese punctuation', { nickname: '晓晓，' }, 'Nickname may contain only'],
    [
      'a voice id with a space',
      { originalVoiceId: 'en US Jenny' },
      'Voice ID may contain only English letters, digits, _, -, . and : (no spaces)',
    ],
    ['a voice id with a slash', { originalVoiceId: 'zh/female' }, 'Voice ID may contain only English letters, digits, _, -, . and :'],
    ['an empty voice id', { originalVoiceId: '' }, 'Original voice ID is required'],
    ['a voice id of 129 characters', { originalVoiceId: 'v'.repeat(129) }, 'Original voice ID is too long'],
    ['an unknown vendor', { vendor: 'acme' }, 'Company (vendor) must be one of: volcano, ali, azure, minimax, elevenlabs'],
    ['a cluster key with a space', { clusterKey: 'volcano tts' }, 'Cluster key may contain only'],
  ])('refuses %s (400)', async (_case, change, message) => {
    const { dev } = await setup();
    const answer = await create(dev, { ...xiaomei, ...change });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toContain(message);
    expect(await server.database.db.select().from(voices)).toHaveLength(0);
  });

  it('accepts voice ids as the vendors write them (_ - .), of 1 and 128 characters, and keeps them as written', async () => {
    const { dev } = await setup();
    const ids = [
      'BV700_streaming',
      'zh_female_shuangkuaisisi_moon_bigtts',
      'male-qn-qingse',
      'en-US-JennyNeural',
      'speech-02.hd',
      'v',
      'w'.repeat(128),
    ];
    for (const [index, originalVoiceId] of ids.entries()) {
      const answer = await create(dev, { ...xiaomei, nickname: `Vendor${index}`, originalVoiceId });
      expect(answer.body.code, originalVoiceId).toBe(200);
      expect(answer.body.data!.originalVoiceId).toBe(originalVoiceId);
    }
  });

  it('accepts nicknames of 1 and 20 characters, Chinese ones, digits, and an empty cluster key', async () => {
    const { dev } = await setup();
    for (const nickname of ['X', 'n'.repeat(20), '晓晓', '晓'.repeat(20), 'Emma2']) {
      const answer = await create(dev, { ...xiaomei, nickname, clusterKey: '' });
      expect(answer.body.code, nickname).toBe(200);
    }
  });
});

describe('voices: add, edit, list, delete', () => {
  it('adds a voice with a generated uuid and its creator, and records it', async () => {
    const { dev } = await setup();
    const answer = await create(dev, xiaomei);
    expect(answer.body.data).toMatchObject({ ...xiaomei, grantedCompanies: 0, createdByName: 'devon', updatedByName: 'devon' });
    expect(answer.body.data.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body.data.uuid).not.toBe(answer.body.data.id);
    const [entry] = await auditOf('voice.create');
    expect(entry).toMatchObject({ entityId: answer.body.data.id, actorName: 'devon' });
    expect(entry!.changes).toMatchObject({ nickname: 'Xiaomei', originalVoiceId: 'zhfemalexiaomei01' });
  });

  it('refuses a nickname already used, whatever its case (409)', async () => {
    const { dev } = await setup();
    await create(dev, xiaomei);
    const answer = await create(dev, { ...xiaomei, nickname: 'XIAOMEI' });
    expect(answer.body).toMatchObject({ code: ErrorCode.CONFLICT, message: 'A voice nicknamed XIAOMEI already exists' });
  });

  it('edits a voice, keeps its uuid, records the diff; an unknown id is 404', async () => {
    const { dev } = await setup();
    const created = (await create(dev, xiaomei)).body.data;
    const emma = (await create(dev, { ...xiaomei, nickname: 'Emma' })).body.data;
    const answer = await update(dev, { id: created.id, ...xiaomei, vendor: 'ali', clusterKey: '' });
    expect(answer.body.data).toMatchObject({ uuid: created.uuid, vendor: 'ali', clusterKey: '' });
    const [entry] = await auditOf('voice.update');
    expect(entry!.changes).toEqual({ vendor: { from: 'volcano', to: 'ali' }, clusterKey: { from: 'volcano_tts', to: '' } });
    expect((await update(dev, { id: emma.id, ...xiaomei })).body.code).toBe(ErrorCode.CONFLICT);
    expect((await update(dev, { id: '00000000-0000-4000-8000-000000000000', ...xiaomei })).body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await update(dev, { id: created.id, ...xiaomei, nickname: 'bad!' })).body.code).toBe(ErrorCode.VALIDATION);
  });

  it('lists by nickname, searches nickname and voice id, filters by vendor, pages', async () => {
    const { dev } = await setup();
    await create(dev, xiaomei);
    await create(dev, { nickname: 'Emma', vendor: 'azure', clusterKey: '', originalVoiceId: 'enUSEmmaNeural' });
    await create(dev, { nickname: '晓晓', vendor: 'azure', clusterKey: '', originalVoiceId: 'zhCNXiaoxiaoNeural' });
    expect((await list(dev)).body.data.list.map((v) => v.nickname)).toEqual(['Emma', 'Xiaomei', '晓晓']);
    expect((await list(dev, { keyword: 'xiaoxiao' })).body.data.list.map((v) => v.nickname)).toEqual(['晓晓']);
    expect((await list(dev, { keyword: '晓' })).body.data.list.map((v) => v.nickname)).toEqual(['晓晓']);
    expect((await list(dev, { vendor: 'azure' })).body.data.total).toBe(2);
    const page2 = (await list(dev, { page: 2, pageSize: 2 })).body.data;
    expect(page2).toMatchObject({ total: 3 });
    expect(page2.list.map((v) => v.nickname)).toEqual(['晓晓']);
  });

  it('refuses to delete a granted voice, naming the companies (409); deletes it once no one holds it', async () => {
    const { dev, companyId, otherCompanyId } = await setup();
    const voice = (await create(dev, xiaomei)).body.data;
    await server.database.db.insert(companyGrants).values([
      { companyId, kind: 'voice', refId: voice.id },
      { companyId: otherCompanyId, kind: 'voice', refId: voice.id },
    ]);
    expect((await list(dev)).body.data.list[0]!.grantedCompanies).toBe(2);
    const refused = await remove(dev, voice.id);
    expect(refused.body).toMatchObject({
      code: ErrorCode.CONFLICT,
      message: 'This voice is granted to Acme, Globex; take it away from them first',
    });
    expect(await server.database.db.select().from(voices)).toHaveLength(1);

    await server.database.db.delete(companyGrants);
    expect((await remove(dev, voice.id)).body.code).toBe(200);
    expect(await server.database.db.select().from(voices)).toHaveLength(0);
    const [entry] = await auditOf('voice.delete');
    expect(entry!.changes).toMatchObject({ nickname: 'Xiaomei', uuid: voice.uuid });
    expect((await remove(dev, voice.id)).body.code).toBe(ErrorCode.NOT_FOUND);
  });
});
