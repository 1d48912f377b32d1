import { Button, Checkbox, Divider, Input, InputTag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { CALLBACK_EVENTS, SCENARIO_LIMITS } from '@dialwise/contracts';
import { Field, RowTools, testId, useEditor } from './EditorContext.tsx';
import { errorsUnder, moveItem, removeItem } from './draft.ts';

/** Callbacks (URL and the events it receives) and the tag names the analysis may assign. */
export function CallbackFields() {
  const { t } = useTranslation();
  const { draft, update, change, errorAt, errors, showAll } = useEditor();
  const tagProblem =
    errorAt(['tags']) ??
    (showAll ? errorsUnder(errors, ['tags'])[0] : undefined) ??
    draft.tags.map((_, i) => errorAt(['tags', i])).find(Boolean);
  return (
    <>
      {draft.callbacks.map((callback, i) => (
        <div className="scn-row" key={i} data-testid={`scn-callback-${i}`}>
          <div className="scn-row-index">{i + 1}</div>
          <div className="scn-row-body">
            <Field path={['callbacks', i, 'url']} label={t('scenario.callback.url')} required>
              <Input
                value={callback.url}
                placeholder="https://crm.example.com/dialwise/hook"
                data-testid={testId(['callbacks', i, 'url'])}
                status={errorAt(['callbacks', i, 'url']) ? 'error' : undefined}
                onChange={(v) => update(['callbacks', i, 'url'], v)}
              />
            </Field>
            <Field path={['callbacks', i, 'events']} label={t('scenario.callback.events')} required style={{ marginBottom: 0 }}>
              <Checkbox.Group
                value={callback.events}
                onChange={(v) => update(['callbacks', i, 'events'], v)}
                options={CALLBACK_EVENTS.map((event) => ({ value: event, label: t(`scenario.callback.event.${event}`) }))}
              />
            </Field>
          </div>
          <RowTools
            index={i}
            count={draft.callbacks.length}
            label={`scn-callback-${i}`}
            onMove={(to) => change((d) => ({ ...d, callbacks: moveItem(d.callbacks, i, to) }))}
            onRemove={() => change((d) => ({ ...d, callbacks: removeItem(d.callbacks, i) }))}
          />
        </div>
      ))}
      <Button
        type="dashed"
        long
        icon={<IconPlus />}
        disabled={draft.callbacks.length >= SCENARIO_LIMITS.callbacks.max}
        data-testid="scn-callback-add"
        onClick={() => change((d) => ({ ...d, callbacks: [...d.callbacks, { url: '', events: ['ended'] }] }))}
      >
        {t('scenario.callback.add')}
      </Button>
      <Divider />
      <Field path={['tags']} label={t('scenario.tags')} extra={t('scenario.tags.help')}>
        <div style={{ width: '100%' }}>
          <InputTag
            value={draft.tags}
            allowClear
            saveOnBlur
            data-testid="scn-tags"
            status={tagProblem ? 'error' : undefined}
            onChange={(v: string[]) => update(['tags'], v.map((tag) => tag.trim()).filter(Boolean))}
          />
          {tagProblem && !errorAt(['tags']) && <div className="op-json-error">{tagProblem}</div>}
        </div>
      </Field>
    </>
  );
}
