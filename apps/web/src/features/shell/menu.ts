import { featureAllows, routesForRole, type AppRoute, type CompanyFeature, type Role, type RouteEntry } from '@dialwise/contracts';
import { landingPath } from './routing.ts';

export interface MenuNode {
  name: string;
  titleKey: string;
  icon?: string;
  /** Where clicking goes (leaf items only). */
  path?: string;
  children?: MenuNode[];
}

/**
 * The side menu for a role: the route table filtered by role (or the server's menu), hidden routes left
 * out, and so are pages of a feature the company has not been given (`meta.feature`). A top-level entry
 * whose children are all hidden becomes a single item opening its landing route.
 */
export function buildMenu(role: Role, serverMenu: readonly AppRoute[] | null, features: readonly CompanyFeature[] = []): MenuNode[] {
  const routes = serverMenu ?? routesForRole(role);
  const shown = (route: AppRoute) => !route.meta.hideInMenu && featureAllows(route.meta, role, features);
  return routes.flatMap((route): MenuNode[] => {
    if (!shown(route)) return [];
    const children = (route.children ?? [])
      .filter(shown)
      .map((child) => ({ name: child.name, titleKey: child.meta.locale, path: landingPath(child) }));
    const node = { name: route.name, titleKey: route.meta.locale, ...(route.meta.icon ? { icon: route.meta.icon } : {}) };
    return [children.length > 0 ? { ...node, children } : { ...node, path: landingPath(route) }];
  });
}

/** The menu item to highlight for the open route (its activeMenu for hidden routes) and the group to open. */
export function menuSelection(entry: RouteEntry | null): { selected: string[]; open: string[] } {
  if (!entry) return { selected: [], open: [] };
  const top = entry.ancestors[0];
  return {
    selected: [entry.route.meta.activeMenu ?? (entry.route.meta.hideInMenu && top ? top.name : entry.route.name)],
    open: top ? [top.name] : [],
  };
}
