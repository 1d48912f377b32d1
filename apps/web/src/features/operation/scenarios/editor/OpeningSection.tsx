import { Button, Input, Switch } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { SCENARIO_LIMITS } from '@dialwise/contracts';
import { Field, RowTools, testId, useEditor } from './EditorContext.tsx';
import { moveItem, removeItem } from './draft.ts';

/** The prologues: an ordered list, each interruptible or not. */
export function PrologueFields() {
  const { t } = useTranslation();
  const { draft, update, change, errorAt } = useEditor();
  const list = draft.prologues;
  return (
    <>
      {list.map((prologue, i) => (
        <div className="scn-row" key={i} data-testid={`scn-prologue-${i}`}>
          <div className="scn-row-index">{i + 1}</div>
          <div className="scn-row-body">
            <Field path={['prologues', i, 'text']} style={{ marginBottom: 8 }}>
              <Input.TextArea
                value={prologue.text}
                autoSize={{ minRows: 1, maxRows: 4 }}
                maxLength={{ length: 500, errorOnly: true }}
                placeholder={t('scenario.field.prologue', { n: i + 1 })}
                data-testid={testId(['prologues', i, 'text'])}
                status={errorAt(['prologues', i, 'text']) ? 'error' : undefined}
                onChange={(v) => update(['prologues', i, 'text'], v)}
              />
            </Field>
            <label style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <Switch size="small" checked={prologue.interruptible} onChange={(v) => update(['prologues', i, 'interruptible'], v)} />
              <span className="op-secondary">{t('scenario.field.interruptible')}</span>
            </label>
          </div>
          <RowTools
            index={i}
            count={list.length}
            label={`scn-prologue-${i}`}
            onMove={(to) => change((d) => ({ ...d, prologues: moveItem(d.prologues, i, to) }))}
            onRemove={() => change((d) => ({ ...d, prologues: removeItem(d.prologues, i) }))}
          />
        </div>
      ))}
      <Button
        type="dashed"
        long
        icon={<IconPlus />}
        disabled={list.length >= SCENARIO_LIMITS.prologues.max}
        data-testid="scn-prologue-add"
        onClick={() => change((d) => ({ ...d, prologues: [...d.prologues, { text: '', interruptible: false }] }))}
      >
        {t('scenario.field.prologue', { n: list.length + 1 })}
      </Button>
    </>
  );
}
