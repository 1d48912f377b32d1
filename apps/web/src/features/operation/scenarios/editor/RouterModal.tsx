import { Button, Dropdown, Form, Grid, Input, InputNumber, InputTag, Menu, Modal, Radio, Select, Typography } from '@arco-design/web-react';
import { IconArrowRight, IconPlus } from '@arco-design/web-react/icon';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONDITION_TYPES,
  ROUND_OPERATORS,
  SCENARIO_LIMITS,
  SPEAKER_ROLES,
  pathText,
  type Router,
  type RouterCondition,
} from '@dialwise/contracts';
import { currentLocale } from '../../../../locale/index.ts';
import { EditorContext, Field, ProcessorSelect, RowTools, testId, useEditor, type EditorApi } from './EditorContext.tsx';
import { conditionOfType, errorsUnder, getIn, moveItem, removeItem, setIn, validateDraft, type Path } from './draft.ts';
import { RadioChoices } from '../../../../forms/RadioChoices.tsx';

/** Where a router sends the call, in the order the modal offers them. */
const TARGET_KINDS = ['stream', 'tool'] as const;

/** One condition's own fields, by type. */
function ConditionFields({ index, i, condition }: { index: number; i: number; condition: RouterCondition }) {
  const { t } = useTranslation();
  const { update, errorAt } = useEditor();
  const at = (...rest: (string | number)[]): Path => ['routers', index, 'conditions', i, ...rest];
  const status = (path: Path) => (errorAt(path) ? ('error' as const) : undefined);
  switch (condition.type) {
    case 'round':
      return (
        <Grid.Row gutter={8}>
          <Grid.Col span={10}>
            <Field path={at('op')} style={{ marginBottom: 0 }}>
              <Select
                value={condition.op}
                options={ROUND_OPERATORS.map((op) => ({ value: op, label: t(`scenario.condition.op.${op}`) }))}
                onChange={(v: string) => update(at('op'), v)}
              />
            </Field>
          </Grid.Col>
          <Grid.Col span={14}>
            <Field path={at('value')} style={{ marginBottom: 0 }}>
              <InputNumber
                value={condition.value}
                min={SCENARIO_LIMITS.round.min}
                max={SCENARIO_LIMITS.round.max}
                suffix={t('scenario.condition.rounds')}
                data-testid={testId(at('value'))}
                error={Boolean(status(at('value')))}
                onChange={(v) => update(at('value'), v ?? undefined)}
              />
            </Field>
          </Grid.Col>
        </Grid.Row>
      );
    case 'interrupt':
      return (
        <Field path={at('count')} label={t('scenario.condition.count')} style={{ marginBottom: 0 }}>
          <InputNumber
            value={condition.count}
            min={SCENARIO_LIMITS.interruptCount.min}
            max={SCENARIO_LIMITS.interruptCount.max}
            suffix={t('scenario.field.times')}
            error={Boolean(status(at('count')))}
            onChange={(v) => update(at('count'), v ?? undefined)}
          />
        </Field>
      );
    case 'content':
      return (
        <Grid.Row gutter={8}>
          <Grid.Col span={16}>
            <Field path={at('keywords')} style={{ marginBottom: 0 }}>
              <InputTag
                value={condition.keywords}
                saveOnBlur
                allowClear
                placeholder={t('scenario.field.keywords.placeholder')}
                data-testid={testId(at('keywords'))}
                status={status(at('keywords'))}
                onChange={(v: string[]) => update(at('keywords'), v.map((k) => k.trim()).filter(Boolean))}
              />
            </Field>
          </Grid.Col>
          <Grid.Col span={8}>
            <Select
              value={condition.match}
              onChange={(v: string) => update(at('match'), v)}
              options={(['any', 'all'] as const).map((m) => ({ value: m, label: t(`scenario.condition.match.${m}`) }))}
            />
          </Grid.Col>
        </Grid.Row>
      );
    case 'dynamicLlm':
      return (
        <>
          <Field path={at('processorId')} label={t('scenario.condition.referee')} style={{ marginBottom: 8 }}>
            <ProcessorSelect
              type="referee"
              value={condition.processorId}
              testid={testId(at('processorId'))}
              status={status(at('processorId'))}
              onChange={(v) => update(at('processorId'), v ?? '')}
            />
          </Field>
          <Field path={at('question')} label={t('scenario.condition.question')} style={{ marginBottom: 0 }}>
            <Input
              value={condition.question}
              maxLength={{ length: 500, errorOnly: true }}
              data-testid={testId(at('question'))}
              status={status(at('question'))}
              onChange={(v) => update(at('question'), v)}
            />
          </Field>
        </>
      );
  }
}

/** The router's fields against the editor context (the modal provides one over its working copy). */
function RouterFields({ index }: { index: number }) {
  const { t } = useTranslation();
  const { draft, update, change, errorAt } = useEditor();
  const router = draft.routers[index]!;
  const at = (...rest: (string | number)[]): Path => ['routers', index, ...rest];
  const tools = draft.tools;
  const setConditions = (fn: (list: RouterCondition[]) => RouterCondition[]) =>
    change((d) => setIn(d, at('conditions'), fn(getIn(d, at('conditions')) as RouterCondition[])), at('conditions'));

  const addMenu = (
    <Menu onClickMenuItem={(type) => setConditions((list) => [...list, conditionOfType(type as RouterCondition['type'])])}>
      {CONDITION_TYPES.map((type) => (
        <Menu.Item key={type} data-testid={`scn-condition-add-${type}`}>
          {t(`scenario.condition.${type}`)}
        </Menu.Item>
      ))}
    </Menu>
  );

  return (
    <>
      <Grid.Row gutter={16}>
        <Grid.Col span={12}>
          <Field path={at('name')} label={t('scenario.router.name')} required>
            <Input
              value={router.name}
              maxLength={{ length: SCENARIO_LIMITS.routerName.max, errorOnly: true }}
              data-testid="scn-router-name"
              status={errorAt(at('name')) ? 'error' : undefined}
              onChange={(v) => update(at('name'), v)}
            />
          </Field>
        </Grid.Col>
        <Grid.Col span={12}>
          <Field path={at('match')} label={t('scenario.router.match')}>
            <Radio.Group type="button" value={router.match} onChange={(v: string) => update(at('match'), v)}>
              <Radio value="all">{t('scenario.router.match.all')}</Radio>
              <Radio value="any">{t('scenario.router.match.any')}</Radio>
            </Radio.Group>
          </Field>
        </Grid.Col>
      </Grid.Row>

      <Typography.Text bold>{t('scenario.router.conditions')}</Typography.Text>
      <div style={{ margin: '8px 0 16px' }}>
        {router.conditions.length === 0 && (
          <div className="op-secondary" style={{ marginBottom: 8 }}>
            {t('scenario.router.noConditions')}
          </div>
        )}
        {router.conditions.map((condition, i) => (
          <div className="scn-row" key={i} data-testid={`scn-condition-${i}`}>
            <div className="scn-row-index">{i + 1}</div>
            <div className="scn-row-body">
              <Grid.Row gutter={8} style={{ marginBottom: 8 }}>
                <Grid.Col span={12}>
                  <Select
                    value={condition.type}
                    data-testid={testId(at('conditions', i, 'type'))}
                    options={CONDITION_TYPES.map((type) => ({ value: type, label: t(`scenario.condition.${type}`) }))}
                    onChange={(type: RouterCondition['type']) =>
                      setConditions((list) => list.map((c, j) => (j === i ? conditionOfType(type, c.role) : c)))
                    }
                  />
                </Grid.Col>
                <Grid.Col span={12}>
                  <Radio.Group
                    type="button"
                    value={condition.role}
                    data-testid={testId(at('conditions', i, 'role'))}
                    onChange={(v: string) => update(at('conditions', i, 'role'), v)}
                  >
                    {SPEAKER_ROLES.map((role) => (
                      <Radio key={role} value={role}>
                        {t(`scenario.condition.role.${role}`)}
                      </Radio>
                    ))}
                  </Radio.Group>
                </Grid.Col>
              </Grid.Row>
              <ConditionFields index={index} i={i} condition={condition} />
            </div>
            <RowTools
              index={i}
              count={router.conditions.length}
              label={`scn-condition-${i}`}
              onMove={(to) => setConditions((list) => moveItem(list, i, to))}
              onRemove={() => setConditions((list) => removeItem(list, i))}
            />
          </div>
        ))}
        <Dropdown droplist={addMenu} trigger="click" position="bl">
          <Button
            type="dashed"
            size="small"
            icon={<IconPlus />}
            disabled={router.conditions.length >= SCENARIO_LIMITS.conditions.max}
            data-testid="scn-condition-add"
          >
            {t('scenario.router.addCondition')}
          </Button>
        </Dropdown>
      </div>

      <Typography.Text bold>{t('scenario.router.target')}</Typography.Text>
      <div style={{ margin: '8px 0 12px' }}>
        <Radio.Group
          type="button"
          value={router.target.kind}
          data-testid="scn-router-target-kind"
          onChange={(kind: string) =>
            update(
              at('target'),
              kind === 'tool'
                ? { kind: 'tool', toolAlias: tools[0]?.alias ?? '' }
                : { kind: 'stream', refereeId: null, mainId: '', rewriteId: null },
            )
          }
        >
          <RadioChoices
            values={TARGET_KINDS}
            label={(kind) => t(`scenario.router.target.${kind}`)}
            testId={(kind) => `scn-router-target-${kind}`}
          />
        </Radio.Group>
      </div>
      {router.target.kind === 'tool' ? (
        <Field
          path={at('target', 'toolAlias')}
          label={t('scenario.router.tool')}
          required
          extra={tools.length === 0 ? t('scenario.router.noTools') : undefined}
        >
          <Select
            value={router.target.toolAlias || undefined}
            data-testid="scn-router-tool"
            status={errorAt(at('target', 'toolAlias')) ? 'error' : undefined}
            options={tools.map((tool) => ({ value: tool.alias, label: `${tool.alias} · ${t(`scenario.tool.${tool.kind}`)}` }))}
            onChange={(v: string) => update(at('target', 'toolAlias'), v)}
          />
        </Field>
      ) : (
        <div className="scn-stream-grid">
          {(
            [
              ['refereeId', 'referee', 'referee', true],
              ['mainId', 'main', 'stream', false],
              ['rewriteId', 'rewrite', 'stream', true],
            ] as const
          ).map(([key, label, type, optional]) => (
            <div className="scn-stream-box" key={key}>
              <div className="scn-stream-box-title">
                {t(`scenario.router.${label}`)}
                {key !== 'rewriteId' && <IconArrowRight className="scn-stream-arrow" style={{ marginLeft: 6 }} />}
              </div>
              <div className="op-secondary" style={{ marginBottom: 8 }}>
                {t(`scenario.router.${label}.help`)}
              </div>
              <Field path={at('target', key)} required={!optional} style={{ marginBottom: 0 }}>
                <ProcessorSelect
                  type={type}
                  allowNone={optional}
                  testid={`scn-router-${label}`}
                  value={(router.target as Record<string, string | null>)[key] ?? null}
                  status={errorAt(at('target', key)) ? 'error' : undefined}
                  onChange={(v) => update(at('target', key), optional ? v : (v ?? ''))}
                />
              </Field>
            </div>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * The multi-stream router modal: name, conditions, and what the router does (a route tool, or the
 * referee → main stream → rewrite stream chain). It edits a working copy, checked by the same schema as
 * the whole document; OK writes it back only when its own paths are clean.
 */
export function RouterModal({ index, initial, onClose }: { index: number | null; initial: Router | null; onClose(): void }) {
  const { t } = useTranslation();
  const outer = useEditor();
  const locale = currentLocale();
  const [router, setRouter] = useState<Router | null>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [showAll, setShowAll] = useState(false);

  useEffect(() => {
    setRouter(initial);
    setTouched(new Set());
    setShowAll(false);
  }, [initial]);

  const working = useMemo(() => {
    if (index === null || !router) return outer.draft;
    const routers = [...outer.draft.routers];
    routers[index] = router;
    return { ...outer.draft, routers };
  }, [outer.draft, router, index]);
  const errors = useMemo(() => validateDraft(working, locale), [working, locale]);
  const mine = index === null ? [] : errorsUnder(errors, ['routers', index]);

  const api: EditorApi = {
    draft: working,
    processors: outer.processors,
    errors,
    showAll,
    update(path, value) {
      setRouter((current) => (current ? setIn(working, path, value).routers[index!]! : current));
      setTouched((s) => new Set(s).add(pathText(path)));
    },
    change(fn, path) {
      setRouter(() => fn(working).routers[index!]!);
      if (path) setTouched((s) => new Set(s).add(pathText(path)));
    },
    errorAt(path) {
      const key = pathText(path);
      return showAll || touched.has(key) ? errors.get(key) : undefined;
    },
  };

  const confirm = () => {
    if (index === null || !router) return;
    if (mine.length > 0) {
      setShowAll(true);
      // Once the errors render, bring the first into view: a long router's refused field may be off screen.
      requestAnimationFrame(() =>
        document
          .querySelector('[data-testid="scn-router-modal"] .arco-form-item-status-error')
          ?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
      );
      return;
    }
    outer.change(
      (d) => {
        const routers = [...d.routers];
        routers[index] = router;
        return { ...d, routers };
      },
      ['routers', index],
    );
    onClose();
  };

  const isNew = index !== null && index >= outer.draft.routers.length;
  return (
    <Modal
      visible={index !== null && router !== null}
      onCancel={onClose}
      onOk={confirm}
      style={{ width: 820 }}
      unmountOnExit
      title={isNew ? t('scenario.router.new') : t('scenario.router.edit', { name: initial?.name ?? '' })}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'scn-router-ok' } as Record<string, string>}
    >
      {index !== null && router && (
        <EditorContext.Provider value={api}>
          <Form layout="vertical" data-testid="scn-router-modal">
            <RouterFields index={index} />
          </Form>
        </EditorContext.Provider>
      )}
    </Modal>
  );
}
