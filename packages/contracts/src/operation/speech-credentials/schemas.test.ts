import { describe, expect, it } from 'vitest';
import { SPEECH_PROVIDERS } from '../scenarios/schemas.ts';
import { credentialFieldsOf, SPEECH_VENDOR_OF, speechCredentialSaveSchema } from './schemas.ts';

const companyId = '00000000-0000-4000-8000-000000000001';
const issues = (input: unknown) => {
  const result = speechCredentialSaveSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('speech credentials schema', () => {
  it('maps every scenario provider to a vendor with at least one required field', () => {
    for (const provider of SPEECH_PROVIDERS) {
      expect(SPEECH_VENDOR_OF[provider], provider).toBeDefined();
      expect(credentialFieldsOf(provider).some((f) => f.required)).toBe(true);
    }
  });

  it('requires the non-secret required fields, refuses unknown ones and spaces; secrets are checked by the server', () => {
    expect(issues({ companyId, provider: 'seed', fields: { accessToken: '' } })).toEqual(['fields.appId:v.required']);
    expect(issues({ companyId, provider: 'azure_en_us', fields: {} })).toEqual([]);
    expect(issues({ companyId, provider: 'elevenlabs', fields: { apiKey: 'k', secret: 'x' } })).toEqual(['fields.secret:v.unknownKey']);
    expect(issues({ companyId, provider: 'minimax', fields: { apiKey: 'a b' } })).toEqual(['fields.apiKey:v.noSpaces']);
    expect(issues({ companyId, provider: 'seed', fields: { appId: '  app-1  ', accessToken: 't' } })).toEqual([]);
    expect(speechCredentialSaveSchema.parse({ companyId, provider: 'seed', fields: { appId: '  app-1  ' } }).fields.appId).toBe('app-1');
  });
});
