import { describe, expect, it } from 'vitest';
import { ErrorCode, type Page } from '@dialwise/contracts';
import { addUser, call, seedCompanies, useTestServer, type TestServer } from '../../test/helper.ts';
import { addLlm, addProcessor, addProcessorSet, llmInput, processorInput, scenarioDoc } from '../../test/operation.ts';
import { createProject, createTask, grantCatalogue, taskInput, userWithSession } from '../../test/task-fixtures.ts';
import { configureOutbound } from '../net/outbound-guard.ts';

/**
 * Lost updates (issue 15 point 8): every entity a form edits carries a version. An edit from a form opened
 * on the current version saves and grows it by one; an edit from a form opened before someone else's save
 * is refused with 409 (`e.staleEdit`, the version now stored in `data`) and changes nothing; an edit
 * without a version is refused (400), so an API client cannot skip the check by accident.
 */
const server = useTestServer();
// The model URLs of these fixtures point at loopback, which the outbound guard refuses unless allowed.
configureOutbound({ allowHosts: ['127.0.0.1'] });
const EN = { 'accept-language': 'en-US' };

interface World {
  companyId: string;
  admin: string;
  dev: string;
}

async function world(s: TestServer): Promise<World> {
  const { companyId, providerId } = await seedCompanies(s);
  return {
    companyId,
    admin: await userWithSession(s, companyId, 'alice', 'ADMIN'),
    dev: await userWithSession(s, providerId, 'devon', 'DEV'),
  };
}

async function must<T>(token: string, url: string, body: unknown): Promise<T> {
  const answer = await call<T>(server, url, { token, body, headers: EN });
  if (answer.body.code !== 200) throw new Error(`${url}: ${answer.body.code} ${answer.body.message}`);
  return answer.body.data;
}

/** One editable entity, made ready to edit: where its edit goes, what edit n sends, and what a reader sees now. */
interface Target {
  url: string;
  token: string;
  /** The edit body of the n-th edit; `version` undefined leaves the field out. */
  body(version: number | undefined, n: number): Record<string, unknown>;
  /** The edited value as edit n stores it. */
  shown(n: number): unknown;
  /** The version and the edited value as the console reads them now. */
  read(): Promise<{ version: number; value: unknown }>;
}

const cases: [string, (w: World) => Promise<Target>][] = [
  [
    'project',
    async (w) => {
      const id = await createProject(server, w.admin, 'Spring');
      return {
        url: '/api/projects/update',
        token: w.admin,
        body: (version, n) => ({ id, version, name: `Spring${n}`, encryptionType: 'PLAIN_TEXT' }),
        shown: (n) => `Spring${n}`,
        read: async () => {
          const p = await must<{ version: number; name: string }>(w.admin, '/api/projects/get', { id });
          return { version: p.version, value: p.name };
        },
      };
    },
  ],
  [
    'task',
    async (w) => {
      const catalogue = await grantCatalogue(server, w.companyId);
      const id = await createTask(server, w.admin, await createProject(server, w.admin, 'Spring'), catalogue);
      return {
        url: '/api/tasks/update',
        token: w.admin,
        body: (version, n) => ({ id, version, ...taskInput(catalogue, { name: `Renewals ${n}` }) }),
        shown: (n) => `Renewals ${n}`,
        read: async () => {
          const t = await must<{ version: number; name: string }>(w.admin, '/api/tasks/get', { id });
          return { version: t.version, value: t.name };
        },
      };
    },
  ],
  [
    'account',
    async (w) => {
      const { id } = await addUser(server, w.companyId, 'olga', 'OPR');
      return {
        url: '/api/accounts/update',
        token: w.admin,
        body: (version, n) => ({ id, version, alias: `Olga ${n}` }),
        shown: (n) => `Olga ${n}`,
        read: async () => {
          const a = await must<{ version: number; alias: string }>(w.admin, '/api/accounts/get', { id });
          return { version: a.version, value: a.alias };
        },
      };
    },
  ],
  [
    'SIP line',
    async (w) => {
      const { id } = await must<{ id: string }>(w.admin, '/api/sip-lines/create', {
        alias: 'Main',
        concurrency: 10,
        sipUsername: 'acme01',
        password: 'Line#Secret1',
        domain: 'sip.carrier.test',
        port: 5060,
      });
      return {
        url: '/api/sip-lines/update',
        token: w.admin,
        body: (version, n) => ({ id, version, alias: `Main ${n}` }),
        shown: (n) => `Main ${n}`,
        read: async () => {
          const l = await must<{ version: number; alias: string }>(w.admin, '/api/sip-lines/get', { id });
          return { version: l.version, value: l.alias };
        },
      };
    },
  ],
  [
    'self info (the own account)',
    async (w) => ({
      url: '/api/user/updateSelfInfo',
      token: w.admin,
      body: (version, n) => ({ version, alias: `Alice ${n}`, phoneNumber: '13900000001', email: 'alice@acme.test' }),
      shown: (n) => `Alice ${n}`,
      read: async () => {
        const me = await must<{ version: number; alias: string }>(w.admin, '/api/user/getSelfInfo', {});
        return { version: me.version, value: me.alias };
      },
    }),
  ],
  [
    'company',
    async (w) => ({
      url: '/api/operation/companies/update',
      token: w.dev,
      body: (version, n) => ({ id: w.companyId, version, name: `Acme${n}`, suffix: 'acme', adminEmail: 'a@x.test' }),
      shown: (n) => `Acme${n}`,
      read: async () => {
        const company = await companyNow(w);
        return { version: company.version, value: company.name };
      },
    }),
  ],
  [
    'company permissions',
    async (w) => ({
      url: '/api/operation/companies/setPermissions',
      token: w.dev,
      body: (version, n) => ({ companyId: w.companyId, version, numberReveal: false, maxConcurrency: 100 + n, features: [] }),
      shown: (n) => 100 + n,
      read: async () => ({
        version: (await companyNow(w)).version,
        value: (await must<{ maxConcurrency: number }>(w.dev, '/api/operation/companies/permissions', { companyId: w.companyId }))
          .maxConcurrency,
      }),
    }),
  ],
  [
    'company grants',
    async (w) => {
      const voices = await Promise.all(
        ['A', 'B', 'C'].map(
          async (label) =>
            (
              await must<{ id: string }>(w.dev, '/api/operation/voices/create', {
                nickname: `Voice${label}`,
                vendor: 'volcano',
                clusterKey: 'volcano_tts',
                originalVoiceId: `voice${label}`,
              })
            ).id,
        ),
      );
      return {
        url: '/api/operation/companies/setGrants',
        token: w.dev,
        body: (version, n) => ({ companyId: w.companyId, version, kind: 'voice', refIds: [voices[n - 1]] }),
        shown: (n) => [voices[n - 1]],
        read: async () => {
          const items = await must<{ id: string; granted: boolean }[]>(w.dev, '/api/operation/companies/grants', {
            companyId: w.companyId,
            kind: 'voice',
          });
          return {
            version: (await companyNow(w)).version,
            value: items.filter((item) => item.granted).map((item) => item.id),
          };
        },
      };
    },
  ],
  [
    'LLM',
    async (w) => {
      const id = await addLlm(server, w.dev);
      return {
        url: '/api/operation/llms/update',
        token: w.dev,
        body: (version, n) => ({ ...llmInput({ tag: `tag${n}`, apiKey: '' }), id, version }),
        shown: (n) => `tag${n}`,
        read: async () => {
          const page = await must<Page<{ id: string; version: number; tag: string }>>(w.dev, '/api/operation/llms/list', {});
          const llm = page.list.find((item) => item.id === id)!;
          return { version: llm.version, value: llm.tag };
        },
      };
    },
  ],
  [
    'processor',
    async (w) => {
      const llmId = await addLlm(server, w.dev);
      const id = await addProcessor(server, w.dev, llmId);
      return {
        url: '/api/operation/processors/update',
        token: w.dev,
        body: (version, n) => ({ ...processorInput(llmId, { alias: `main${n}` }), id, version }),
        shown: (n) => `main${n}`,
        read: async () => {
          const p = await must<{ version: number; alias: string }>(w.dev, '/api/operation/processors/get', { id });
          return { version: p.version, value: p.alias };
        },
      };
    },
  ],
  [
    'voice',
    async (w) => {
      const voice = { vendor: 'volcano', clusterKey: 'volcano_tts', originalVoiceId: 'zhfemalexiaomei01' };
      const { id } = await must<{ id: string }>(w.dev, '/api/operation/voices/create', { ...voice, nickname: 'Xiaomei' });
      return {
        url: '/api/operation/voices/update',
        token: w.dev,
        body: (version, n) => ({ ...voice, id, version, nickname: `Xiaomei${n}` }),
        shown: (n) => `Xiaomei${n}`,
        read: async () => {
          const page = await must<Page<{ id: string; version: number; nickname: string }>>(w.dev, '/api/operation/voices/list', {});
          const found = page.list.find((item) => item.id === id)!;
          return { version: found.version, value: found.nickname };
        },
      };
    },
  ],
  [
    'tag',
    async (w) => {
      const tag = { name: 'High intent', alias: 'high_intent' };
      const { id } = await must<{ id: string }>(w.dev, '/api/operation/tags/create', { ...tag, description: 'Asked about prices' });
      return {
        url: '/api/operation/tags/update',
        token: w.dev,
        body: (version, n) => ({ ...tag, id, version, description: `Asked ${n} times` }),
        shown: (n) => `Asked ${n} times`,
        read: async () => {
          const page = await must<Page<{ id: string; version: number; description: string }>>(w.dev, '/api/operation/tags/list', {});
          const found = page.list.find((item) => item.id === id)!;
          return { version: found.version, value: found.description };
        },
      };
    },
  ],
  [
    'speech credentials',
    async (w) => {
      const body = (version: number | undefined, n: number) => ({
        companyId: w.companyId,
        provider: 'seed',
        version,
        fields: { appId: `app${n}`, accessToken: 'token' },
      });
      // The first save sends no version (nothing was configured).
      await must(w.dev, '/api/operation/speech-credentials/save', body(undefined, 0));
      return {
        url: '/api/operation/speech-credentials/save',
        token: w.dev,
        body,
        shown: (n) => `app${n}`,
        read: async () => {
          const items = await must<{ provider: string; version: number; settings: Record<string, string> }[]>(
            w.dev,
            '/api/operation/speech-credentials/list',
            { companyId: w.companyId },
          );
          const seed = items.find((item) => item.provider === 'seed')!;
          return { version: seed.version, value: seed.settings.appId };
        },
      };
    },
  ],
  [
    'scenario (its own versions: baseVersion)',
    async (w) => {
      const p = await addProcessorSet(server, w.dev);
      const { id } = await must<{ id: string }>(w.dev, '/api/operation/scenarios/create', { document: scenarioDoc(p) });
      return {
        url: '/api/operation/scenarios/update',
        token: w.dev,
        body: (version, n) => ({ id, baseVersion: version, document: scenarioDoc(p, { name: `Renewal ${n}` }) }),
        shown: (n) => `Renewal ${n}`,
        read: async () => {
          const s = await must<{ currentVersion: number; name: string }>(w.dev, '/api/operation/scenarios/get', { id });
          return { version: s.currentVersion, value: s.name };
        },
      };
    },
  ],
];

/** The company as the operation area's list shows it (its version covers details, permissions and grants). */
async function companyNow(w: World): Promise<{ version: number; name: string }> {
  const page = await must<Page<{ id: string; version: number; name: string }>>(w.dev, '/api/operation/companies/list', {
    keyword: 'a@x.test',
  });
  return page.list.find((item) => item.id === w.companyId)!;
}

describe('every edit form is checked against the version it opened (issue 15 point 8)', () => {
  it.each(cases)(
    '%s: a fresh save grows the version; a stale one is 409 and overwrites nothing; no version is 400',
    async (_entity, make) => {
      const target = await make(await world(server));
      const opened = await target.read();
      const send = (version: number | undefined, n: number) =>
        call(server, target.url, { token: target.token, body: target.body(version, n), headers: EN });

      // Two people opened the form on the same version; the first to save wins.
      const first = await send(opened.version, 1);
      expect(first.body.code, first.body.message).toBe(ErrorCode.OK);
      const saved = await target.read();
      expect(saved).toEqual({ version: opened.version + 1, value: target.shown(1) });

      const stale = await send(opened.version, 2);
      expect(stale.body).toMatchObject({ code: ErrorCode.CONFLICT, data: { reason: 'staleEdit', version: opened.version + 1 } });
      expect(await target.read()).toEqual(saved);

      // Reloading brings the current version, and the same edit then saves.
      const again = await send(saved.version, 2);
      expect(again.body.code, again.body.message).toBe(ErrorCode.OK);
      expect(await target.read()).toEqual({ version: saved.version + 1, value: target.shown(2) });

      // Saving the same values again changes nothing and keeps the version.
      expect((await send(saved.version + 1, 2)).body.code).toBe(ErrorCode.OK);
      expect((await target.read()).version).toBe(saved.version + 1);

      const missing = await send(undefined, 3);
      if (target.url.endsWith('speech-credentials/save')) {
        // No version means "nothing was configured yet": a second first save is refused like a stale edit.
        expect(missing.body).toMatchObject({ code: ErrorCode.CONFLICT, data: { reason: 'staleEdit' } });
      } else {
        expect(missing.body.code).toBe(ErrorCode.VALIDATION);
      }
      expect((await target.read()).value).toEqual(target.shown(2));
    },
  );

  it('the refusal tells the user what happened and what to do, in their language', async () => {
    const w = await world(server);
    const id = await createProject(server, w.admin, 'Spring');
    const edit = (name: string, headers: Record<string, string>) =>
      call(server, '/api/projects/update', { token: w.admin, body: { id, version: 1, name, encryptionType: 'PLAIN_TEXT' }, headers });
    expect((await edit('Summer', EN)).body.code).toBe(ErrorCode.OK);
    expect((await edit('Autumn', EN)).body.message).toBe(
      'Someone else changed this after you opened it, so nothing was saved. Reload to see their changes, then make yours again',
    );
    expect((await edit('Winter', { 'accept-language': 'zh-CN' })).body.message).toBe(
      '在您打开后，其他人已修改了此内容，本次未保存。请重新加载查看最新内容后再修改',
    );
    const missing = await call(server, '/api/projects/update', {
      token: w.admin,
      body: { id, name: 'Winter', encryptionType: 'PLAIN_TEXT' },
      headers: EN,
    });
    expect(missing.body.message).toBe('The version the form opened is missing or invalid; reload the form and save again');
  });

  it('two saves from the same version at once: exactly one wins (the row lock serialises them)', async () => {
    const w = await world(server);
    const id = await createProject(server, w.admin, 'Spring');
    const answers = await Promise.all(
      ['Summer', 'Autumn'].map((name) =>
        call(server, '/api/projects/update', { token: w.admin, body: { id, version: 1, name, encryptionType: 'PLAIN_TEXT' } }),
      ),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([ErrorCode.OK, ErrorCode.CONFLICT]);
    const stored = await must<{ version: number; name: string }>(w.admin, '/api/projects/get', { id });
    const winner = answers.findIndex((a) => a.body.code === ErrorCode.OK);
    expect(stored).toMatchObject({ version: 2, name: ['Summer', 'Autumn'][winner] });
  });
});
