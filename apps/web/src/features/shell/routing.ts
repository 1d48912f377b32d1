import { matchPath } from 'react-router';
import { SHELL_ROUTES, flattenRoutes, type AppRoute, type RouteEntry } from '@dialwise/contracts';

/** Where a path lands in the route table of contracts. */
export type ResolvedRoute =
  | { kind: 'root' }
  | { kind: 'login' }
  | { kind: 'redirect'; target: string }
  | { kind: 'app'; entry: RouteEntry; params: Record<string, string> }
  | { kind: 'notFound' };

const APP_ENTRIES = flattenRoutes();

export function resolvePath(pathname: string): ResolvedRoute {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === SHELL_ROUTES.root.path) return { kind: 'root' };
  if (path === SHELL_ROUTES.login.path) return { kind: 'login' };
  if (path.startsWith('/redirect/')) return { kind: 'redirect', target: path.slice('/redirect'.length) };
  for (const entry of APP_ENTRIES) {
    const match = matchPath({ path: entry.route.path, end: true }, path);
    if (match) {
      const params = Object.fromEntries(Object.entries(match.params).filter((pair): pair is [string, string] => pair[1] !== undefined));
      return { kind: 'app', entry, params };
    }
  }
  return { kind: 'notFound' };
}

/** Where a route sends the browser when opened: its redirect, else its own path (parameters dropped). */
export function landingPath(route: AppRoute): string {
  return route.redirect ?? route.path.replace(/\/:[^/]+\?/g, '');
}
