import { Menu } from '@arco-design/web-react';
import {
  IconApps,
  IconCheckCircle,
  IconCustomerService,
  IconDashboard,
  IconDesktop,
  IconExclamationCircle,
  IconFile,
  IconList,
  IconQuestionCircle,
  IconSettings,
  IconUser,
} from '@arco-design/web-react/icon';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSettings } from '../../store/settings.ts';
import { useUser } from '../../store/user.ts';
import { buildMenu, menuSelection, type MenuNode } from './menu.ts';
import { resolvePath } from './routing.ts';

/** The icons the route table names (`meta.icon`). */
const ICONS: Record<string, ComponentType> = {
  IconApps,
  IconCheckCircle,
  IconCustomerService,
  IconDashboard,
  IconDesktop,
  IconExclamationCircle,
  IconFile,
  IconList,
  IconQuestionCircle,
  IconSettings,
  IconUser,
};

function iconOf(name: string | undefined) {
  const Icon = name ? ICONS[name] : undefined;
  return Icon ? <Icon /> : null;
}

function useMenuModel() {
  const role = useUser((s) => s.role);
  const features = useUser((s) => s.user?.features);
  const menuFromServer = useSettings((s) => s.menuFromServer);
  const serverMenu = useSettings((s) => s.serverMenu);
  const { pathname } = useLocation();
  const resolved = resolvePath(pathname);
  const nodes = role ? buildMenu(role, menuFromServer ? serverMenu : null, features) : [];
  return { nodes, ...menuSelection(resolved.kind === 'app' ? resolved.entry : null) };
}

/**
 * Menu entries as plain elements, not wrapped in a component of ours: Arco's Menu walks its direct
 * children to give each level its indent, and a wrapper component would hide the levels from it.
 */
function menuItems(nodes: MenuNode[], t: (key: string) => string) {
  return nodes.map((node) =>
    node.children ? (
      <Menu.SubMenu
        key={node.name}
        data-testid={`menu-${node.name}`}
        title={
          <>
            {iconOf(node.icon)}
            {t(node.titleKey)}
          </>
        }
      >
        {node.children.map((child) => (
          <Menu.Item key={child.name} data-testid={`menu-${child.name}`}>
            {t(child.titleKey)}
          </Menu.Item>
        ))}
      </Menu.SubMenu>
    ) : (
      <Menu.Item key={node.name} data-testid={`menu-${node.name}`}>
        {iconOf(node.icon)}
        {t(node.titleKey)}
      </Menu.Item>
    ),
  );
}

function pathOf(nodes: MenuNode[], key: string): string | undefined {
  for (const node of nodes) {
    if (node.name === key) return node.path;
    const found = node.children && pathOf(node.children, key);
    if (found) return found;
  }
  return undefined;
}

export function SideMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const collapsed = useSettings((s) => s.menuCollapse);
  const { nodes, selected, open } = useMenuModel();
  return (
    <div data-testid="side-menu" className="side-menu">
      <Menu
        collapse={collapsed}
        selectedKeys={selected}
        defaultOpenKeys={open}
        autoOpen
        hasCollapseButton={false}
        onClickMenuItem={(key) => {
          const to = pathOf(nodes, key);
          if (to) void navigate(to);
        }}
      >
        {menuItems(nodes, t)}
      </Menu>
    </div>
  );
}

export function TopMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { nodes, selected } = useMenuModel();
  return (
    <div data-testid="side-menu" className="top-menu">
      <Menu
        mode="horizontal"
        selectedKeys={selected}
        onClickMenuItem={(key) => {
          const to = pathOf(nodes, key);
          if (to) void navigate(to);
        }}
      >
        {menuItems(nodes, t)}
      </Menu>
    </div>
  );
}
