import { useTranslation } from 'react-i18next';

/**
 * A table's total under its pages, worded one way on every list ("Total: 1,738" / "共 1,738 条") and with the
 * number grouped as the tiles and boards group it. Arco's own `showTotal: true` words it without grouping.
 */
export function usePageTotal(): (total: number) => string {
  const { t } = useTranslation();
  return (total) => t('common.total', { count: total });
}
