import { Card } from '@arco-design/web-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionId } from './draft.ts';

/** One card of the editor, titled and introduced; `anchor` lets the section nav scroll to it. */
export function Section({
  id,
  anchor,
  extra,
  children,
}: {
  id: SectionId;
  anchor(id: SectionId, element: HTMLElement | null): void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div ref={(element) => anchor(id, element)} className="scn-section" data-section={id} data-testid={`scn-section-${id}`}>
      <Card title={t(`scenario.section.${id}`)} extra={extra} bordered={false}>
        <div className="scn-section-intro">{t(`scenario.section.${id}.intro`)}</div>
        {children}
      </Card>
    </div>
  );
}
