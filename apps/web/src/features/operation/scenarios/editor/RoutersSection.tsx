import { Button, Empty, Space, Tag } from '@arco-design/web-react';
import { IconEdit, IconPlus } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCENARIO_LIMITS, type Router, type RouterCondition } from '@dialwise/contracts';
import { RowTools, useEditor } from './EditorContext.tsx';
import { errorsUnder, moveItem, newRouter, removeItem } from './draft.ts';
import { RouterModal } from './RouterModal.tsx';

function useConditionText() {
  const { t } = useTranslation();
  return (condition: RouterCondition): string => {
    const role = t(`scenario.condition.role.${condition.role}`);
    switch (condition.type) {
      case 'round':
        return t('scenario.condition.summary.round', { role, op: t(`scenario.condition.op.${condition.op}`), count: condition.value });
      case 'interrupt':
        return t('scenario.condition.summary.interrupt', { role, count: condition.count });
      case 'content':
        return t('scenario.condition.summary.content', {
          role,
          keywords: condition.keywords.join(condition.match === 'all' ? ' + ' : ' / '),
        });
      case 'dynamicLlm':
        return t('scenario.condition.summary.dynamicLlm', { role, question: condition.question });
    }
  };
}

/** The ordered routers, each summarised on a card; the modal edits one. */
export function RouterFields() {
  const { t } = useTranslation();
  const { draft, change, errors, showAll, processors } = useEditor();
  const [editing, setEditing] = useState<{ index: number; router: Router } | null>(null);
  const conditionText = useConditionText();
  const alias = (id: string | null) => (id ? (processors.find((p) => p.id === id)?.alias ?? '?') : null);

  return (
    <>
      {draft.routers.length === 0 && <Empty description={t('scenario.router.empty')} />}
      {draft.routers.map((router, i) => {
        const problems = errorsUnder(errors, ['routers', i]);
        const flagged = showAll && problems.length > 0;
        const target = router.target;
        return (
          <div className={`scn-router-card${flagged ? ' invalid' : ''}`} key={i} data-testid={`scn-router-${i}`}>
            <div className="scn-row-index">{i + 1}</div>
            <div className="scn-router-summary">
              <Space>
                <span className="scn-router-name">{router.name || '—'}</span>
                {flagged && (
                  <Tag color="red" size="small">
                    {t('scenario.router.problems', { count: problems.length })}
                  </Tag>
                )}
              </Space>
              <div className="scn-router-line">
                {router.conditions.length === 0 ? (
                  <Tag size="small">{t('scenario.router.always')}</Tag>
                ) : (
                  router.conditions.map((c, j) => (
                    <span key={j} style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
                      {j > 0 && <span className="op-secondary">{router.match === 'all' ? 'AND' : 'OR'}</span>}
                      <Tag size="small" color="gray">
                        {t(`scenario.condition.${c.type}`)}
                      </Tag>
                      {conditionText(c)}
                    </span>
                  ))
                )}
              </div>
              <div className="scn-router-line">
                →
                {target.kind === 'tool' ? (
                  <Tag size="small" color="orangered">
                    {t('scenario.router.tool')}: {target.toolAlias || '—'}
                  </Tag>
                ) : (
                  <>
                    {target.refereeId && (
                      <>
                        <Tag size="small" color="orange">
                          {t('scenario.router.referee')}: {alias(target.refereeId)}
                        </Tag>
                        →
                      </>
                    )}
                    <Tag size="small" color="arcoblue">
                      {t('scenario.router.main')}: {alias(target.mainId) ?? '—'}
                    </Tag>
                    {target.rewriteId && (
                      <>
                        →
                        <Tag size="small" color="purple">
                          {t('scenario.router.rewrite')}: {alias(target.rewriteId)}
                        </Tag>
                      </>
                    )}
                  </>
                )}
              </div>
            </div>
            <Button size="small" icon={<IconEdit />} onClick={() => setEditing({ index: i, router })} data-testid={`scn-router-${i}-edit`}>
              {t('common.edit')}
            </Button>
            <RowTools
              index={i}
              count={draft.routers.length}
              label={`scn-router-${i}`}
              onMove={(to) => change((d) => ({ ...d, routers: moveItem(d.routers, i, to) }))}
              onRemove={() => change((d) => ({ ...d, routers: removeItem(d.routers, i) }))}
            />
          </div>
        );
      })}
      <Button
        type="dashed"
        long
        icon={<IconPlus />}
        disabled={draft.routers.length >= SCENARIO_LIMITS.routers.max}
        data-testid="scn-router-add"
        onClick={() =>
          setEditing({ index: draft.routers.length, router: newRouter(t('scenario.default.router', { n: draft.routers.length + 1 })) })
        }
      >
        {t('scenario.router.add')}
      </Button>
      <RouterModal index={editing?.index ?? null} initial={editing?.router ?? null} onClose={() => setEditing(null)} />
    </>
  );
}
