import { Grid, InputNumber, Switch } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { SCENARIO_LIMITS } from '@dialwise/contracts';
import { Field, ProcessorSelect, testId, useEditor } from './EditorContext.tsx';

/** The analysis stream (an analysis processor) and the filler stream (a filler processor with its interval). */
export function StreamFields() {
  const { t } = useTranslation();
  const { draft, update, errorAt } = useEditor();
  return (
    <Grid.Row gutter={24}>
      <Grid.Col span={12}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
          <Switch
            size="small"
            checked={draft.analysis !== null}
            data-testid="scn-analysis-on"
            onChange={(on) => update(['analysis'], on ? { processorId: '' } : null)}
          />
          <span>{t('scenario.stream.analysis.on')}</span>
        </div>
        {draft.analysis && (
          <Field path={['analysis', 'processorId']} label={t('scenario.stream.analysis')} required>
            <ProcessorSelect
              type="analysis"
              value={draft.analysis.processorId}
              testid={testId(['analysis', 'processorId'])}
              status={errorAt(['analysis', 'processorId']) ? 'error' : undefined}
              onChange={(v) => update(['analysis', 'processorId'], v ?? '')}
            />
          </Field>
        )}
      </Grid.Col>
      <Grid.Col span={12}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 12 }}>
          <Switch
            size="small"
            checked={draft.filler !== null}
            data-testid="scn-filler-on"
            onChange={(on) => update(['filler'], on ? { processorId: '', intervalMs: 1500 } : null)}
          />
          <span>{t('scenario.stream.filler.on')}</span>
        </div>
        {draft.filler && (
          <>
            <Field path={['filler', 'processorId']} label={t('scenario.stream.filler')} required>
              <ProcessorSelect
                type="filler"
                value={draft.filler.processorId}
                testid={testId(['filler', 'processorId'])}
                status={errorAt(['filler', 'processorId']) ? 'error' : undefined}
                onChange={(v) => update(['filler', 'processorId'], v ?? '')}
              />
            </Field>
            <Field
              path={['filler', 'intervalMs']}
              label={t('scenario.stream.interval')}
              required
              extra={t('scenario.stream.interval.help')}
            >
              <InputNumber
                value={draft.filler.intervalMs}
                min={SCENARIO_LIMITS.fillerIntervalMs.min}
                max={SCENARIO_LIMITS.fillerIntervalMs.max}
                step={100}
                suffix={t('scenario.field.ms')}
                data-testid={testId(['filler', 'intervalMs'])}
                onChange={(v) => update(['filler', 'intervalMs'], v ?? undefined)}
              />
            </Field>
          </>
        )}
      </Grid.Col>
    </Grid.Row>
  );
}
