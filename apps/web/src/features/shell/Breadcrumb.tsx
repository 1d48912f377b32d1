import { Breadcrumb } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RouteEntry } from '@dialwise/contracts';

export function RouteBreadcrumb({ entry }: { entry: RouteEntry }) {
  const { t } = useTranslation();
  const trail = [...entry.ancestors, entry.route];
  return (
    <Breadcrumb className="route-breadcrumb" data-testid="breadcrumb">
      {trail.map((route) => (
        <Breadcrumb.Item key={route.name}>{t(route.meta.locale)}</Breadcrumb.Item>
      ))}
    </Breadcrumb>
  );
}
