import { Button, Divider, Grid, Input, InputNumber, InputTag, Radio, Switch, Typography } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { INTERRUPTION_MODES, SCENARIO_LIMITS } from '@dialwise/contracts';
import { Field, testId, useEditor } from './EditorContext.tsx';
import { getIn, removeItem, type Path } from './draft.ts';

/** Silence rules and the interruption policy. */
export function BehaviourFields() {
  const { t } = useTranslation();
  const { draft, update, change, errorAt } = useEditor();
  const { silence, interruption } = draft;
  return (
    <>
      <Typography.Text bold>{t('scenario.field.silence')}</Typography.Text>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '8px 0 12px' }}>
        <Switch
          size="small"
          checked={silence.enabled}
          data-testid="scn-silence-enabled"
          onChange={(v) => update(['silence', 'enabled'], v)}
        />
        <span>{t('scenario.field.silence.on')}</span>
      </div>
      {silence.enabled && (
        <>
          <Grid.Row gutter={16}>
            <NumberSetting path={['silence', 'timeoutSeconds']} limits={SCENARIO_LIMITS.silenceSeconds} unit="seconds" />
            <NumberSetting path={['silence', 'maxPrompts']} limits={SCENARIO_LIMITS.silencePrompts} unit="times" />
          </Grid.Row>
          <Field path={['silence', 'prompts']} label={t('scenario.field.prompts')}>
            <div style={{ width: '100%' }}>
              {silence.prompts.map((prompt, i) => (
                <div key={i} style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
                  <Input
                    value={prompt}
                    maxLength={{ length: 200, errorOnly: true }}
                    status={errorAt(['silence', 'prompts', i]) ? 'error' : undefined}
                    onChange={(v) => update(['silence', 'prompts', i], v)}
                    data-testid={testId(['silence', 'prompts', i])}
                  />
                  <Button
                    icon={<IconDelete />}
                    type="text"
                    status="danger"
                    onClick={() =>
                      change(
                        (d) => ({ ...d, silence: { ...d.silence, prompts: removeItem(d.silence.prompts, i) } }),
                        ['silence', 'prompts'],
                      )
                    }
                  />
                </div>
              ))}
              <Button
                size="small"
                type="dashed"
                icon={<IconPlus />}
                disabled={silence.prompts.length >= 10}
                onClick={() => change((d) => ({ ...d, silence: { ...d.silence, prompts: [...d.silence.prompts, ''] } }))}
              >
                {t('scenario.field.prompts.add')}
              </Button>
            </div>
          </Field>
          <Field path={['silence', 'hangupText']} label={t('scenario.field.hangupText')}>
            <Input
              value={silence.hangupText}
              maxLength={{ length: 200, errorOnly: true }}
              onChange={(v) => update(['silence', 'hangupText'], v)}
            />
          </Field>
        </>
      )}
      <Divider />
      <Typography.Text bold>{t('scenario.field.interruption')}</Typography.Text>
      <div style={{ margin: '8px 0 12px' }}>
        <Radio.Group
          type="button"
          value={interruption.mode}
          data-testid="scn-interruption-mode"
          onChange={(v: string) => update(['interruption', 'mode'], v)}
        >
          {INTERRUPTION_MODES.map((mode) => (
            <Radio key={mode} value={mode}>
              {t(`scenario.field.mode.${mode}`)}
            </Radio>
          ))}
        </Radio.Group>
      </div>
      {interruption.mode !== 'never' && (
        <Grid.Row gutter={16}>
          <NumberSetting path={['interruption', 'minSpeechMs']} limits={SCENARIO_LIMITS.minSpeechMs} unit="ms" step={100} />
          {interruption.mode === 'keywords' && (
            <Grid.Col span={12}>
              <Field path={['interruption', 'keywords']} label={t('scenario.field.keywords')} required>
                <InputTag
                  value={interruption.keywords}
                  allowClear
                  saveOnBlur
                  placeholder={t('scenario.field.keywords.placeholder')}
                  onChange={(v: string[]) => update(['interruption', 'keywords'], v.map((k) => k.trim()).filter(Boolean))}
                />
              </Field>
            </Grid.Col>
          )}
        </Grid.Row>
      )}
      <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
        <Switch size="small" checked={interruption.protectPrologue} onChange={(v) => update(['interruption', 'protectPrologue'], v)} />
        <span>{t('scenario.field.protectPrologue')}</span>
      </label>
      <Divider />
      <Field path={['fallbackText']} label={t('scenario.field.fallbackText')}>
        <Input
          value={draft.fallbackText}
          placeholder={t('scenario.field.fallbackText.placeholder')}
          maxLength={{ length: 200, errorOnly: true }}
          onChange={(v) => update(['fallbackText'], v)}
          data-testid="scenario-fallback-text"
        />
      </Field>
    </>
  );
}

/**
 * A required whole-number setting in half the row: its words are `scenario.field.<last key of path>`, its unit
 * `scenario.field.<unit>`, and it stays within its contracts limits.
 */
function NumberSetting({
  path,
  limits,
  unit,
  step,
}: {
  path: Path;
  limits: { min: number; max: number };
  unit: 'seconds' | 'times' | 'ms';
  step?: number;
}) {
  const { t } = useTranslation();
  const { draft, update } = useEditor();
  return (
    <Grid.Col span={12}>
      <Field path={path} label={t(`scenario.field.${path.at(-1)}`)} required>
        <InputNumber
          value={getIn(draft, path) as number}
          min={limits.min}
          max={limits.max}
          step={step}
          suffix={t(`scenario.field.${unit}`)}
          data-testid={testId(path)}
          onChange={(v) => update(path, v ?? undefined)}
        />
      </Field>
    </Grid.Col>
  );
}
