import { Grid, Input, Select, Switch, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { OFFLINE_SPEECH_PROVIDER, SCENARIO_SPEECH_PROVIDERS, type SpeechEndpoint } from '@dialwise/contracts';
import { Field, testId, useEditor } from './EditorContext.tsx';
import type { Path } from './draft.ts';

/** Provider and URL of one speech service. */
function Endpoint({ path, label, help, required }: { path: Path; label: string; help: string; required: boolean }) {
  const { t } = useTranslation();
  const { draft, update, errorAt } = useEditor();
  const value = path.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], draft) as SpeechEndpoint;
  const offline = value.provider === OFFLINE_SPEECH_PROVIDER;
  const options = SCENARIO_SPEECH_PROVIDERS.map((p) => ({
    value: p,
    label: p === OFFLINE_SPEECH_PROVIDER ? t('scenario.provider.offline') : p,
  }));
  return (
    <div style={{ marginTop: label ? 8 : 0 }}>
      {label && <Typography.Text bold>{label}</Typography.Text>}
      {help && (
        <div className="op-secondary" style={{ marginBottom: 8 }}>
          {help}
        </div>
      )}
      <Grid.Row gutter={12}>
        <Grid.Col span={8}>
          <Field path={[...path, 'provider']} label={t('scenario.field.provider')} required={required}>
            <Select
              value={value.provider}
              options={options}
              showSearch
              data-testid={testId([...path, 'provider'])}
              status={errorAt([...path, 'provider']) ? 'error' : undefined}
              // The offline engines take no address: switching to them clears it.
              onChange={(v: string) => {
                update([...path, 'provider'], v);
                if (v === OFFLINE_SPEECH_PROVIDER) update([...path, 'url'], '');
              }}
            />
          </Field>
        </Grid.Col>
        <Grid.Col span={16}>
          {offline ? (
            <div className="op-secondary" style={{ paddingTop: 30 }} data-testid={testId([...path, 'offline'])}>
              {t('scenario.field.url.offline')}
            </div>
          ) : (
            <Field path={[...path, 'url']} label={t('scenario.field.url')} required={required}>
              <Input
                value={value.url}
                placeholder={t('scenario.field.url.placeholder')}
                data-testid={testId([...path, 'url'])}
                status={errorAt([...path, 'url']) ? 'error' : undefined}
                onChange={(v) => update([...path, 'url'], v)}
              />
            </Field>
          )}
        </Grid.Col>
      </Grid.Row>
    </div>
  );
}

/** Name, dialog ASR, operator ASR (optional) and TTS: the spec's required fields all live here. */
export function BasicsFields() {
  const { t } = useTranslation();
  const { draft, update, errorAt } = useEditor();
  return (
    <>
      <Field path={['name']} label={t('scenario.field.name')} required>
        <Input
          value={draft.name}
          maxLength={{ length: 50, errorOnly: true }}
          showWordLimit
          placeholder={t('scenario.field.name.placeholder')}
          data-testid="scn-name"
          status={errorAt(['name']) ? 'error' : undefined}
          onChange={(v) => update(['name'], v)}
        />
      </Field>
      <Endpoint path={['dialogAsr']} label={t('scenario.field.dialogAsr')} help={t('scenario.field.dialogAsr.help')} required />
      <Endpoint path={['tts']} label={t('scenario.field.tts')} help={t('scenario.field.tts.help')} required />
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: draft.operatorAsr ? 8 : 0 }}>
        <Switch
          size="small"
          checked={draft.operatorAsr !== null}
          data-testid="scn-operatorAsr-on"
          onChange={(on) => update(['operatorAsr'], on ? { provider: draft.dialogAsr.provider, url: '' } : null)}
        />
        <Typography.Text>{t('scenario.field.operatorAsr')}</Typography.Text>
        <span className="op-secondary">{t('scenario.field.operatorAsr.help')}</span>
      </div>
      {draft.operatorAsr && <Endpoint path={['operatorAsr']} label="" help="" required />}
    </>
  );
}
