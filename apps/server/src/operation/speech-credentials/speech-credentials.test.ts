import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCode, SPEECH_PROVIDERS, type SpeechCredential } from '@dialwise/contracts';
import { call, useTestServer } from '../../../test/helper.ts';
import { must, operationUsers } from '../../../test/operation.ts';
import { AZURE_KEY, startFakeAzure } from '../../../test/speech-vendors/fake-azure.ts';
import { synthesize, testDeps, voice } from '../../../test/speech-vendors/harness.ts';
import { auditLog, speechCredentials } from '../../db/schema.ts';
import { createVendorEngines } from '../../speech/vendors/index.ts';
import { companySpeechCredentials } from '../../speech/company-speech-credentials.ts';

const server = useTestServer();
const en = { 'accept-language': 'en-US' };
const SECRET = 'sub-key-MUST-NOT-LEAK-7';

let azure: Awaited<ReturnType<typeof startFakeAzure>>;
beforeAll(async () => {
  azure = await startFakeAzure();
});
afterAll(() => azure.fake.close());

const list = (token: string, companyId: string) =>
  must<SpeechCredential[]>(server, token, '/api/operation/speech-credentials/list', { companyId });
const byProvider = (items: SpeechCredential[], provider: string) => items.find((i) => i.provider === provider)!;

describe('speech provider credentials (operation area)', () => {
  it('DEV stores a key for one company: sealed at rest, shown only as set, never answered nor audited', async () => {
    const { dev, companyId } = await operationUsers(server);
    const saved = await must<SpeechCredential>(server, dev, '/api/operation/speech-credentials/save', {
      companyId,
      provider: 'azure_en_us',
      fields: { subscriptionKey: SECRET, region: 'westus2' },
    });
    expect(saved).toMatchObject({
      provider: 'azure_en_us',
      vendor: 'azure',
      configured: true,
      settings: { region: 'westus2' },
      secretsSet: ['subscriptionKey'],
      updatedBy: 'devon',
    });
    const items = await list(dev, companyId);
    expect(items.map((i) => i.provider)).toEqual([...SPEECH_PROVIDERS]);
    expect(byProvider(items, 'azure_en_us')).toMatchObject({ configured: true, secretsSet: ['subscriptionKey'] });
    expect(byProvider(items, 'seed')).toMatchObject({ configured: false, secretsSet: [], updateTime: null });

    const [row] = await server.database.db.select().from(speechCredentials).where(eq(speechCredentials.companyId, companyId));
    expect(row!.secretsSealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('MUST-NOT-LEAK');
    const answers = [
      await call(server, '/api/operation/speech-credentials/list', { token: dev, body: { companyId } }),
      await call(server, '/api/audit/list', { token: dev, body: { entity: 'speechCredential' } }),
    ];
    for (const answer of answers) {
      expect(answer.body.code).toBe(200);
      expect(JSON.stringify(answer.body)).not.toContain('MUST-NOT-LEAK');
    }
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.entity, 'speechCredential'));
    expect(audit[0]!.changes).toEqual({ provider: 'azure_en_us', fieldsChanged: ['subscriptionKey', 'region'] });
  });

  it('a blank secret on edit keeps the stored one; an optional setting left blank is cleared', async () => {
    const { dev, companyId } = await operationUsers(server);
    const save = (fields: Record<string, string>, version?: number) =>
      must<SpeechCredential>(server, dev, '/api/operation/speech-credentials/save', { companyId, provider: 'seed', fields, version });
    const first = await save({ appId: 'app-1', accessToken: 'tok-1', asrResourceId: 'volc.bigasr.sauc.concurrent' });
    expect(first.version).toBe(1);
    const edited = await save({ appId: 'app-2', accessToken: '', asrResourceId: '' }, 1);
    expect(edited).toMatchObject({ settings: { appId: 'app-2' }, secretsSet: ['accessToken'] });
    expect(await companySpeechCredentials(server.database.db, server.app.secrets, companyId)('seed')).toEqual({
      appId: 'app-2',
      accessToken: 'tok-1',
    });
  });

  it('refuses missing required fields, unknown fields, spaces, and Alibaba without a token or AccessKey pair', async () => {
    const { dev, companyId } = await operationUsers(server);
    const save = (provider: string, fields: Record<string, string>, headers: Record<string, string> = en) =>
      call(server, '/api/operation/speech-credentials/save', { token: dev, body: { companyId, provider, fields }, headers });
    expect((await save('azure_id', {})).body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'subscriptionKey is required' });
    expect((await save('seed', { accessToken: 't' })).body).toMatchObject({ code: ErrorCode.VALIDATION, message: 'App ID is required' });
    expect((await save('seed', { appId: 'a', accessToken: 't' }, { 'accept-language': 'zh-CN' })).body.code).toBe(200);
    expect((await save('seed', { appId: 'a b' }, { 'accept-language': 'zh-CN' })).body.message).toBe('App ID不能包含空格');
    expect((await save('elevenlabs', { apiKey: 'k', password: 'x' })).body).toMatchObject({ code: ErrorCode.VALIDATION });
    expect((await save('nope', { apiKey: 'k' })).body.code).toBe(ErrorCode.VALIDATION);
    const ali = await save('ali', { appKey: 'k', accessKeyId: 'LTAI' });
    expect(ali.body).toMatchObject({
      code: ErrorCode.VALIDATION,
      message: expect.stringContaining('AccessKey ID with its AccessKey secret'),
    });
    expect((await save('ali', { appKey: 'k', accessKeyId: 'LTAI', accessKeySecret: 's' })).body.code).toBe(200);
    expect((await save('ali_sea', { appKey: 'k', token: 't' })).body.code).toBe(200);
  });

  it("one company's credentials are invisible to and untouched by another's", async () => {
    const { dev, companyId, otherCompanyId } = await operationUsers(server);
    await must(server, dev, '/api/operation/speech-credentials/save', { companyId, provider: 'minimax', fields: { apiKey: 'acme-key' } });
    expect(byProvider(await list(dev, otherCompanyId), 'minimax').configured).toBe(false);
    const removeOther = await call(server, '/api/operation/speech-credentials/delete', {
      token: dev,
      body: { companyId: otherCompanyId, provider: 'minimax' },
    });
    expect(removeOther.body.code).toBe(ErrorCode.NOT_FOUND);
    await must(server, dev, '/api/operation/speech-credentials/save', {
      companyId: otherCompanyId,
      provider: 'minimax',
      fields: { apiKey: 'globex-key' },
    });
    const lookup = (id: string) => companySpeechCredentials(server.database.db, server.app.secrets, id)('minimax');
    expect(await lookup(companyId)).toEqual({ apiKey: 'acme-key' });
    expect(await lookup(otherCompanyId)).toEqual({ apiKey: 'globex-key' });
    await must(server, dev, '/api/operation/speech-credentials/delete', { companyId: otherCompanyId, provider: 'minimax' });
    expect(await lookup(otherCompanyId)).toBeNull();
    expect(await lookup(companyId)).toEqual({ apiKey: 'acme-key' });
  });

  it('an unknown company answers 404 on every endpoint', async () => {
    const { dev } = await operationUsers(server);
    const companyId = '00000000-0000-4000-8000-000000000000';
    const bodies = {
      list: { companyId },
      save: { companyId, provider: 'elevenlabs', fields: { apiKey: 'k' } },
      delete: { companyId, provider: 'elevenlabs' },
    };
    for (const [verb, body] of Object.entries(bodies))
      expect((await call(server, `/api/operation/speech-credentials/${verb}`, { token: dev, body })).body.code, verb).toBe(
        ErrorCode.NOT_FOUND,
      );
  });

  it("ADMIN and OPR get 403 from every endpoint, their own company's included", async () => {
    const { admin, opr, dev, companyId } = await operationUsers(server);
    await must(server, dev, '/api/operation/speech-credentials/save', { companyId, provider: 'elevenlabs', fields: { apiKey: 'k' } });
    const bodies = {
      list: { companyId },
      save: { companyId, provider: 'elevenlabs', fields: { apiKey: 'k2' } },
      delete: { companyId, provider: 'elevenlabs' },
    };
    for (const token of [admin, opr])
      for (const [verb, body] of Object.entries(bodies))
        expect((await call(server, `/api/operation/speech-credentials/${verb}`, { token, body })).body.code, verb).toBe(
          ErrorCode.FORBIDDEN,
        );
    expect(await companySpeechCredentials(server.database.db, server.app.secrets, companyId)('elevenlabs')).toEqual({ apiKey: 'k' });
  });

  it("the company's stored key drives the vendor engine (Azure TTS against the local fake)", async () => {
    const { dev, companyId } = await operationUsers(server);
    await must(server, dev, '/api/operation/speech-credentials/save', {
      companyId,
      provider: 'azure_en_us',
      fields: { subscriptionKey: AZURE_KEY },
    });
    const { deps } = testDeps({});
    const engines = createVendorEngines({
      ...deps,
      credentials: companySpeechCredentials(server.database.db, server.app.secrets, companyId),
    });
    const chunks = await synthesize(
      engines.tts('azure_en_us')!,
      'Hello',
      voice('azure_en_us', azure.fake.url('/ok/tts'), { voiceId: 'en-US-JennyNeural' }),
    );
    expect(chunks.length).toBeGreaterThan(0);
  });
});
