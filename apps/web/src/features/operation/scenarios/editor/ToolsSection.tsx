import { Button, Grid, Input, Select, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { SCENARIO_LIMITS, TOOL_KINDS, type RouteTool } from '@dialwise/contracts';
import { Field, RowTools, testId, useEditor } from './EditorContext.tsx';
import { moveItem, removeItem, renameTool, toolOfKind } from './draft.ts';

/** A free alias for a new tool: transfer, transfer_2… */
function freeAlias(tools: readonly RouteTool[], base: string): string {
  const taken = new Set(tools.map((tool) => tool.alias.toLowerCase()));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** Route tools: hang up, or transfer with its success and failure texts (≤ 100 characters each). */
export function ToolFields() {
  const { t } = useTranslation();
  const { draft, update, change, errorAt } = useEditor();
  const texts = { bye: t('scenario.default.bye'), ok: t('scenario.default.transferOk'), fail: t('scenario.default.transferFail') };
  const max = SCENARIO_LIMITS.transferText.max;
  const status = (path: (string | number)[]) => (errorAt(path) ? ('error' as const) : undefined);
  return (
    <>
      {draft.tools.map((tool, i) => {
        const users = draft.routers.filter((r) => r.target.kind === 'tool' && r.target.toolAlias === tool.alias).map((r) => r.name);
        return (
          <div className="scn-row" key={i} data-testid={`scn-tool-${i}`}>
            <div className="scn-row-index">{i + 1}</div>
            <div className="scn-row-body">
              <Grid.Row gutter={12}>
                <Grid.Col span={8}>
                  <Field path={['tools', i, 'kind']} label={t('scenario.tool.kind')} required>
                    <Select
                      value={tool.kind}
                      data-testid={testId(['tools', i, 'kind'])}
                      options={TOOL_KINDS.map((kind) => ({ value: kind, label: t(`scenario.tool.${kind}`) }))}
                      onChange={(kind: RouteTool['kind']) => update(['tools', i], toolOfKind(tool, kind, texts))}
                    />
                  </Field>
                </Grid.Col>
                <Grid.Col span={16}>
                  <Field
                    path={['tools', i, 'alias']}
                    label={t('common.alias')}
                    required
                    extra={
                      users.length ? (
                        <Tag size="small" color="arcoblue">
                          {t('scenario.tool.usedBy', { routers: users.join(', ') })}
                        </Tag>
                      ) : undefined
                    }
                  >
                    <Input
                      value={tool.alias}
                      maxLength={{ length: SCENARIO_LIMITS.toolAlias.max, errorOnly: true }}
                      data-testid={testId(['tools', i, 'alias'])}
                      status={status(['tools', i, 'alias'])}
                      onChange={(v) => change((d) => renameTool(d, i, v), ['tools', i, 'alias'])}
                    />
                  </Field>
                </Grid.Col>
              </Grid.Row>
              {tool.kind === 'hangup' ? (
                <Field path={['tools', i, 'text']} label={t('scenario.tool.text')} style={{ marginBottom: 0 }}>
                  <Input value={tool.text} maxLength={{ length: 200, errorOnly: true }} onChange={(v) => update(['tools', i, 'text'], v)} />
                </Field>
              ) : (
                <Grid.Row gutter={12}>
                  <Grid.Col span={12}>
                    <Field path={['tools', i, 'successText']} label={t('scenario.tool.successText')} style={{ marginBottom: 0 }}>
                      <Input.TextArea
                        value={tool.successText}
                        autoSize={{ minRows: 1, maxRows: 3 }}
                        maxLength={{ length: max, errorOnly: true }}
                        showWordLimit
                        status={status(['tools', i, 'successText'])}
                        data-testid={testId(['tools', i, 'successText'])}
                        onChange={(v) => update(['tools', i, 'successText'], v)}
                      />
                    </Field>
                  </Grid.Col>
                  <Grid.Col span={12}>
                    <Field path={['tools', i, 'failureText']} label={t('scenario.tool.failureText')} style={{ marginBottom: 0 }}>
                      <Input.TextArea
                        value={tool.failureText}
                        autoSize={{ minRows: 1, maxRows: 3 }}
                        maxLength={{ length: max, errorOnly: true }}
                        showWordLimit
                        status={status(['tools', i, 'failureText'])}
                        data-testid={testId(['tools', i, 'failureText'])}
                        onChange={(v) => update(['tools', i, 'failureText'], v)}
                      />
                    </Field>
                  </Grid.Col>
                </Grid.Row>
              )}
            </div>
            <RowTools
              index={i}
              count={draft.tools.length}
              label={`scn-tool-${i}`}
              onMove={(to) => change((d) => ({ ...d, tools: moveItem(d.tools, i, to) }))}
              onRemove={() => change((d) => ({ ...d, tools: removeItem(d.tools, i) }))}
            />
          </div>
        );
      })}
      <Button
        type="dashed"
        long
        icon={<IconPlus />}
        disabled={draft.tools.length >= SCENARIO_LIMITS.tools.max}
        data-testid="scn-tool-add"
        onClick={() =>
          change((d) => ({
            ...d,
            tools: [...d.tools, toolOfKind({ kind: 'hangup', alias: freeAlias(d.tools, 'transfer'), text: '' }, 'transfer', texts)],
          }))
        }
      >
        {t('scenario.tool.add')}
      </Button>
    </>
  );
}
