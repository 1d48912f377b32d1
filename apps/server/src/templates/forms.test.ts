import { describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_FORM, ErrorCode, type BasicProfile, type GroupFormInput, type OperationLog } from '@dialwise/contracts';
import { call, seedCompanyStaff, useTestServer } from '../../test/helper.ts';

const server = useTestServer();

const setUp = () => seedCompanyStaff(server);

async function get<T>(token: string, url: string) {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
  });
  return response.json() as { code: number; message: string; data: T };
}

const channel = (extra: Record<string, unknown> = {}) => ({
  activityName: 'Spring2026',
  channelType: 'app',
  promotionTime: ['2026-03-01', '2026-03-31'],
  promoteLink: 'https://example.com/spring',
  advertisingSource: 'Search',
  advertisingMedia: 'Banner',
  keywords: ['renewal'],
  pushNotify: true,
  advertisingContent: 'Call us back about your renewal',
  ...extra,
});

const submit = async (token: string, body: object) =>
  (await call(server, '/api/channel-form/submit', { token, body, headers: { 'accept-language': 'en-US' } })).body;

describe('step form (channel form)', () => {
  it('saves a valid channel and answers its id', async () => {
    const { seat } = await setUp();
    const answer = await submit(seat, channel());
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ id: expect.any(String) });
  });

  it('takes an activity name of 20 Chinese characters, letters or digits, and refuses 21 or any other character', async () => {
    const { boss } = await setUp();
    expect((await submit(boss, channel({ activityName: '春'.repeat(20) }))).code).toBe(200);
    expect((await submit(boss, channel({ activityName: 'a'.repeat(20) }))).code).toBe(200);
    const long = await submit(boss, channel({ activityName: 'a'.repeat(21) }));
    expect(long.code).toBe(ErrorCode.VALIDATION);
    expect(long.message).toContain('at most 20 Chinese characters, letters or digits');
    for (const bad of ['Spring sale', 'spring-sale', 'sale!', ''])
      expect((await submit(boss, channel({ activityName: bad }))).code).toBe(ErrorCode.VALIDATION);
  });

  it('takes a promote link beginning with http:// or https:// only', async () => {
    const { boss } = await setUp();
    expect((await submit(boss, channel({ promoteLink: 'http://a.example' }))).code).toBe(200);
    expect((await submit(boss, channel({ promoteLink: 'https://a.example/x?y=1' }))).code).toBe(200);
    for (const bad of ['ftp://a.example', 'a.example', 'https://', 'httpx://a']) {
      const answer = await submit(boss, channel({ promoteLink: bad }));
      expect(answer.code).toBe(ErrorCode.VALIDATION);
    }
  });

  it('takes advertising content of 200 words and refuses 201 (a Chinese character is a word)', async () => {
    const { boss } = await setUp();
    expect((await submit(boss, channel({ advertisingContent: Array(200).fill('word').join(' ') }))).code).toBe(200);
    expect((await submit(boss, channel({ advertisingContent: '字'.repeat(200) }))).code).toBe(200);
    expect((await submit(boss, channel({ advertisingContent: Array(201).fill('word').join(' ') }))).code).toBe(ErrorCode.VALIDATION);
    const mixed = await submit(boss, channel({ advertisingContent: `${'字'.repeat(200)} extra` }));
    expect(mixed.code).toBe(ErrorCode.VALIDATION);
    expect(mixed.message).toContain('at most 200 words');
  });

  it('refuses a promotion that ends before it starts', async () => {
    const { boss } = await setUp();
    expect((await submit(boss, channel({ promotionTime: ['2026-03-02', '2026-03-01'] }))).code).toBe(ErrorCode.VALIDATION);
  });
});

const group = (patch: (form: GroupFormInput) => void = () => undefined) => {
  const form = structuredClone(DEFAULT_GROUP_FORM) as GroupFormInput;
  patch(form);
  return form;
};
const save = async (token: string, body: object) =>
  (await call<{ id: string }>(server, '/api/group-form/submit', { token, body, headers: { 'accept-language': 'en-US' } })).body;

describe('group form, approval and the basic profile', () => {
  it('takes frame rates 1 and 30 and refuses 0 and 31', async () => {
    const { boss } = await setUp();
    for (const rate of [1, 30])
      expect(
        (
          await save(
            boss,
            group((f) => void (f.video.acquisition.frameRate = rate)),
          )
        ).code,
      ).toBe(200);
    for (const rate of [0, 31, 1.5]) {
      expect(
        (
          await save(
            boss,
            group((f) => void (f.video.encoding.frameRate = rate)),
          )
        ).code,
      ).toBe(ErrorCode.VALIDATION);
    }
  });

  it('takes bitrates 150 and 1800 and refuses 149 and 1801, and keeps min ≤ default ≤ max', async () => {
    const { boss } = await setUp();
    expect(
      (
        await save(
          boss,
          group((f) => void (f.video.encoding.rate = { min: 150, default: 150, max: 1800 })),
        )
      ).code,
    ).toBe(200);
    expect(
      (
        await save(
          boss,
          group((f) => void (f.audio.encoding.rate = 1800)),
        )
      ).code,
    ).toBe(200);
    expect(
      (
        await save(
          boss,
          group((f) => void (f.video.encoding.rate.min = 149)),
        )
      ).code,
    ).toBe(ErrorCode.VALIDATION);
    const high = await save(
      boss,
      group((f) => void (f.audio.encoding.rate = 1801)),
    );
    expect(high.code).toBe(ErrorCode.VALIDATION);
    expect(high.message).toContain('1800');
    expect(
      (
        await save(
          boss,
          group((f) => void (f.video.encoding.rate = { min: 500, default: 400, max: 800 })),
        )
      ).code,
    ).toBe(ErrorCode.VALIDATION);
  });

  it('moves a save from approval to finish when an ADMIN approves it; the profile shows it and the log records both', async () => {
    const { boss, seat, rival } = await setUp();
    expect((await get<BasicProfile>(boss, '/api/profile/basic')).data).toEqual({ status: -1, latest: null, current: null });
    const saved = await save(
      seat,
      group((f) => void (f.video.acquisition.frameRate = 25)),
    );
    let profile = (await get<BasicProfile>(boss, '/api/profile/basic')).data;
    expect(profile.status).toBe(1);
    expect(profile.latest).toMatchObject({ id: saved.data.id, status: 'approval', savedBy: 'seat' });
    expect(profile.latest!.settings.video.acquisition.frameRate).toBe(25);
    expect(profile.current).toBeNull();
    // An operator cannot approve; another company cannot see or approve it.
    expect((await call(server, '/api/profile/basic/approve', { token: seat, body: { id: saved.data.id } })).body.code).toBe(
      ErrorCode.FORBIDDEN,
    );
    expect((await call(server, '/api/profile/basic/approve', { token: rival, body: { id: saved.data.id } })).body.code).toBe(
      ErrorCode.NOT_FOUND,
    );
    expect((await get<BasicProfile>(rival, '/api/profile/basic')).data.latest).toBeNull();

    expect((await call(server, '/api/profile/basic/approve', { token: boss, body: { id: saved.data.id } })).body.data).toBe(true);
    profile = (await get<BasicProfile>(seat, '/api/profile/basic')).data;
    expect(profile.status).toBe(2);
    expect(profile.current).toMatchObject({ id: saved.data.id, approvedBy: 'boss' });
    expect((await call(server, '/api/profile/basic/approve', { token: boss, body: { id: saved.data.id } })).body.code).toBe(
      ErrorCode.CONFLICT,
    );

    const log = (await get<OperationLog[]>(boss, '/api/operation/log?entity=mediaSettings')).data;
    expect(log.map((entry) => entry.status)).toEqual(['approve', 'create']);
    expect(log[0]).toMatchObject({ actor: 'boss', updateContent: 'Approved: the parameters are in force' });
    expect(log[1]!.contentNumber).toMatch(/^Media parameters · [0-9a-f]{8}$/);
    expect((await get<OperationLog[]>(rival, '/api/operation/log?entity=mediaSettings')).data).toEqual([]);
  });
});
