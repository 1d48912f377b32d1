import { Button } from '@arco-design/web-react';
import { IconApps, IconCustomerService, IconList } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

const LINKS = [
  { key: 'seat', path: '/operator/index', match: ['/operator/', '/projectOp/callDisplay'], icon: <IconCustomerService /> },
  { key: 'projects', path: '/projectOp/index', match: ['/projectOp/index'], icon: <IconApps /> },
  { key: 'records', path: '/projectOp/callRecordBoardOp', match: ['/projectOp/callRecordBoardOp'], icon: <IconList /> },
] as const;

/**
 * The agent's way around: OPR has no side menu, so the top bar links the pages an
 * agent uses — the seat, their projects and their call records (the profile is in the user menu).
 */
export function OperatorNav() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <nav className="operator-nav" data-testid="operator-nav">
      {LINKS.map((link) => {
        const active = link.match.some((prefix) => pathname.startsWith(prefix));
        return (
          <Button
            key={link.key}
            type={active ? 'secondary' : 'text'}
            icon={link.icon}
            onClick={() => void navigate(link.path)}
            data-testid={`operator-nav-${link.key}`}
            aria-current={active ? 'page' : undefined}
          >
            {t(`seat.nav.${link.key}`)}
          </Button>
        );
      })}
    </nav>
  );
}
