import './catalogue.css';
import { Radio } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const PAGES = [
  { key: 'llm', path: '/operation/llm', label: 'catalogue.llms' },
  { key: 'processor', path: '/operation/processor', label: 'catalogue.processors' },
  { key: 'scenario', path: '/operation/scenario', label: 'catalogue.scenarios' },
] as const;

/**
 * The three catalogue pages build on each other (a scenario uses processors, a processor uses a model);
 * processors and scenarios are hidden from the menu, so this switch links the three.
 */
export function CatalogueNav({ active }: { active: (typeof PAGES)[number]['key'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Radio.Group
      type="button"
      size="small"
      value={active}
      data-testid="catalogue-nav"
      onChange={(key: string) => navigate(PAGES.find((p) => p.key === key)!.path)}
    >
      {PAGES.map((page) => (
        <Radio key={page.key} value={page.key} data-testid={`catalogue-${page.key}`}>
          {t(page.label)}
        </Radio>
      ))}
    </Radio.Group>
  );
}
