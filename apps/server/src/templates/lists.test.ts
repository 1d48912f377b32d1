import { describe, expect, it } from 'vitest';
import { ErrorCode, type Page, type Policy, type RulePreset, type ServiceCard, type UserInfo } from '@dialwise/contracts';
import { call, seedCompanyStaff, useTestServer } from '../../test/helper.ts';

const server = useTestServer();

const setUp = () => seedCompanyStaff(server, { email: 'boss@acme.test', phoneNumber: '13900000001' });

async function get<T>(token: string, url: string, locale = 'en-US') {
  const response = await server.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${token}`, 'accept-language': locale },
  });
  return response.json() as { code: number; message: string; data: T };
}

const create = async (token: string, body: object) => (await call<Policy>(server, '/api/list/policy', { token, body })).body;

describe('policy list', () => {
  it('pages with current 1 and pageSize 10 by default and answers {list, total}', async () => {
    const { boss } = await setUp();
    for (let i = 1; i <= 12; i += 1) await create(boss, { name: `Policy ${i}`, contentType: 'img', filterType: 'rules', count: i });
    const first = await get<Page<Policy>>(boss, '/api/list/policy');
    expect(first.data.total).toBe(12);
    expect(first.data.list).toHaveLength(10);
    expect(first.data.list[0]).toMatchObject({ name: 'Policy 12', status: 'offline', number: expect.stringMatching(/^P\d{6}$/) });
    const second = await get<Page<Policy>>(boss, '/api/list/policy?current=2&pageSize=10');
    expect(second.data.list.map((p) => p.name)).toEqual(['Policy 2', 'Policy 1']);
    expect((await get(boss, '/api/list/policy?current=0')).code).toBe(ErrorCode.VALIDATION);
    expect((await get(boss, '/api/list/policy?pageSize=101')).code).toBe(ErrorCode.VALIDATION);
  });

  it('filters by name, number, content type, filter type, status and creation day', async () => {
    const { boss } = await setUp();
    const renewal = (await create(boss, { name: 'Renewal reminder', contentType: 'verticalVideo', filterType: 'artificial' })).data;
    await create(boss, { name: '逾期通知', contentType: 'img', filterType: 'rules' });
    await call(server, '/api/list/policy/status', { token: boss, body: { id: renewal.id, status: 'online' } });
    const names = async (query: string) => (await get<Page<Policy>>(boss, `/api/list/policy?${query}`)).data.list.map((p) => p.name);
    expect(await names('name=renew')).toEqual(['Renewal reminder']);
    expect(await names('name=逾期')).toEqual(['逾期通知']);
    expect(await names(`number=${renewal.number}`)).toEqual(['Renewal reminder']);
    expect(await names('contentType=img')).toEqual(['逾期通知']);
    expect(await names('filterType=artificial')).toEqual(['Renewal reminder']);
    expect(await names('status=online')).toEqual(['Renewal reminder']);
    const today = new Date().toISOString().slice(0, 10);
    expect((await names(`createdFrom=${today}&createdTo=${today}`)).length).toBe(2);
    expect(await names('createdTo=2000-01-01')).toEqual([]);
    expect((await get(boss, '/api/list/policy?contentType=gif')).code).toBe(ErrorCode.VALIDATION);
  });

  it('takes a name of 30 characters and refuses 31 or none', async () => {
    const { boss } = await setUp();
    expect((await create(boss, { name: 'x'.repeat(30), contentType: 'img', filterType: 'rules' })).code).toBe(200);
    expect((await create(boss, { name: 'x'.repeat(31), contentType: 'img', filterType: 'rules' })).code).toBe(ErrorCode.VALIDATION);
    expect((await create(boss, { name: '  ', contentType: 'img', filterType: 'rules' })).code).toBe(ErrorCode.VALIDATION);
  });

  it('keeps each company’s policies to itself', async () => {
    const { boss, rival } = await setUp();
    const mine = (await create(boss, { name: 'Mine', contentType: 'img', filterType: 'rules' })).data;
    expect((await get<Page<Policy>>(rival, '/api/list/policy')).data).toEqual({ list: [], total: 0 });
    const toggled = await call(server, '/api/list/policy/status', { token: rival, body: { id: mine.id, status: 'online' } });
    expect(toggled.body.code).toBe(ErrorCode.NOT_FOUND);
    expect((await get<Page<Policy>>(boss, '/api/list/policy')).data.list[0]!.status).toBe('offline');
  });
});

describe('card list switches', () => {
  it('persist per company, in the reader’s language, for ADMIN only', async () => {
    const { boss, rival, seat } = await setUp();
    const rules = (await get<RulePreset[]>(boss, '/api/list/rules-preset')).data;
    expect(rules.find((r) => r.id === 'circuitBreaker')).toMatchObject({
      enable: true,
      actionType: 'switch',
      alwaysOn: false,
      title: 'Pause on line failures',
    });
    const off = await call(server, '/api/list/card-switch', { token: boss, body: { kind: 'rule', id: 'circuitBreaker', enable: false } });
    expect(off.body.data).toBe(false);
    expect((await get<RulePreset[]>(boss, '/api/list/rules-preset', 'zh-CN')).data.find((r) => r.id === 'circuitBreaker')).toMatchObject({
      enable: false,
      title: '线路故障时暂停',
    });
    expect((await get<RulePreset[]>(rival, '/api/list/rules-preset')).data.find((r) => r.id === 'circuitBreaker')!.enable).toBe(true);

    // Every service is on until turned off (the dialer reads the same default).
    expect((await get<ServiceCard[]>(boss, '/api/list/the-service')).data.map((s) => [s.id, s.enable])).toEqual([
      ['callAnalysis', true],
      ['recording', true],
      ['redial', true],
      ['callback', true],
    ]);
    await call(server, '/api/list/card-switch', { token: boss, body: { kind: 'service', id: 'redial', enable: false } });
    expect((await get<ServiceCard[]>(boss, '/api/list/the-service')).data.find((s) => s.id === 'redial')!.enable).toBe(false);
    // A rule key under the service kind is refused, as is an operator.
    expect(
      (await call(server, '/api/list/card-switch', { token: boss, body: { kind: 'service', id: 'doNotCall', enable: true } })).body.code,
    ).toBe(ErrorCode.VALIDATION);
    expect(
      (await call(server, '/api/list/card-switch', { token: seat, body: { kind: 'rule', id: 'circuitBreaker', enable: true } })).body.code,
    ).toBe(ErrorCode.FORBIDDEN);
    expect((await get(seat, '/api/list/the-service')).code).toBe(ErrorCode.FORBIDDEN);
  });

  it('the do-not-call list, the call window and masked numbers always apply: shown on, never switched off', async () => {
    const { boss } = await setUp();
    const rules = (await get<RulePreset[]>(boss, '/api/list/rules-preset')).data;
    expect(rules.map((r) => [r.id, r.enable, r.alwaysOn])).toEqual([
      ['doNotCall', true, true],
      ['circuitBreaker', true, false],
      ['callWindow', true, true],
      ['maskNumbers', true, true],
    ]);
    for (const id of ['doNotCall', 'callWindow', 'maskNumbers']) {
      const refused = await call(server, '/api/list/card-switch', {
        token: boss,
        body: { kind: 'rule', id, enable: false },
        headers: { 'accept-language': 'en' },
      });
      expect(refused.body.code, id).toBe(ErrorCode.VALIDATION);
      expect(JSON.stringify(refused.body), id).toContain('This rule always applies and cannot be turned off');
    }
    expect((await get<RulePreset[]>(boss, '/api/list/rules-preset')).data.every((r) => r.enable)).toBe(true);
  });
});

describe('user info and menu', () => {
  it('fills the template user from the signed-in account', async () => {
    const { boss } = await setUp();
    const info = (await get<UserInfo>(boss, '/api/user/info')).data;
    expect(info).toMatchObject({
      name: 'boss-alias',
      email: 'boss@acme.test',
      phone: '13900000001',
      organizationName: 'Acme',
      role: 'ADMIN',
      certification: 1,
    });
    const menu = await get<{ name: string }[]>(boss, '/api/user/menu');
    expect(menu.data.map((r) => r.name)).toContain('dashboard');
  });
});
