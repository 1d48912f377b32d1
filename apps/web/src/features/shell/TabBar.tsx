import { Dropdown, Menu, Tag } from '@arco-design/web-react';
import { IconDown, IconRefresh } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { neighbourAfterClose } from './tabs.ts';
import { useTabs } from './tabs-store.ts';

/** Visited routes as tabs: click to return, close, reload through /redirect, close the others. */
export function TabBar({ activeName }: { activeName: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const dispatch = useTabs((s) => s.dispatch);

  const close = (name: string) => {
    const next = name === activeName ? neighbourAfterClose(tabs, name) : undefined;
    if (tabs.length <= 1) return;
    dispatch({ type: 'close', name });
    if (next) void navigate(next.fullPath);
  };
  const reload = () => {
    const active = tabs.find((tab) => tab.name === activeName);
    if (!active) return;
    dispatch({ type: 'reload', name: active.name });
    void navigate(`/redirect${active.fullPath}`, { replace: true });
  };

  return (
    <div className="tab-bar" data-testid="tab-bar">
      <div className="tab-bar-tabs">
        {tabs.map((tab) => (
          <Tag
            key={tab.name}
            data-testid={`tab-${tab.name}`}
            className={tab.name === activeName ? 'tab-bar-tab active' : 'tab-bar-tab'}
            closable={tabs.length > 1}
            onClose={(event) => {
              event.stopPropagation();
              close(tab.name);
            }}
            onClick={() => navigate(tab.fullPath)}
          >
            {t(tab.titleKey)}
          </Tag>
        ))}
      </div>
      <Dropdown
        position="br"
        droplist={
          <Menu
            onClickMenuItem={(key) => {
              if (key === 'reload') reload();
              if (key === 'closeOthers' && activeName) dispatch({ type: 'closeOthers', name: activeName });
            }}
          >
            <Menu.Item key="reload">
              <IconRefresh className="menu-icon" />
              {t('tabs.reload')}
            </Menu.Item>
            <Menu.Item key="closeOthers">{t('tabs.closeOthers')}</Menu.Item>
          </Menu>
        }
      >
        <span className="tab-bar-more" data-testid="tab-bar-more" role="button" tabIndex={0}>
          <IconDown />
        </span>
      </Dropdown>
    </div>
  );
}
