import { ROUTE_WHITELIST, SHELL_ROUTES, canOpenRoute, firstAllowedRoute, type Role } from '@dialwise/contracts';
import { landingPath, type ResolvedRoute } from './routing.ts';

export type GuardDecision =
  | { kind: 'allow' }
  /** Replace the location with another path (a route's redirect, login, the first allowed route). */
  | { kind: 'navigate'; to: string }
  /** Signed in (cookie) but the user is not loaded: fetch it, then decide again; on failure sign out. */
  | { kind: 'loadUser' }
  | { kind: 'notFound' };

export interface GuardInput {
  resolved: ResolvedRoute;
  pathname: string;
  search: string;
  hasToken: boolean;
  role: Role | null;
  menuFromServer: boolean;
  serverMenuNames: readonly string[];
}

/** `/login?redirect=<path>&<the target's own query>` (the target and its query are kept, for after sign-in). */
export function loginPathFor(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete('redirect');
  const params = new URLSearchParams({ redirect: pathname });
  for (const [key, value] of query) params.append(key, value);
  return `${SHELL_ROUTES.login.path}?${params.toString()}`;
}

/** Where to go after signing in: the kept target with its query, else the role's first route. */
export function afterLoginPath(search: string, role: Role): string {
  const query = new URLSearchParams(search);
  const redirect = query.get('redirect');
  query.delete('redirect');
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && redirect !== SHELL_ROUTES.login.path) {
    const rest = query.toString();
    return rest ? `${redirect}?${rest}` : redirect;
  }
  const first = firstAllowedRoute(role);
  return first ? landingPath(first) : '/exception/404';
}

/**
 * The route guard as one decision, so every branch is unit-tested:
 * login state first (cookie), then the user, then the role (or the server menu).
 */
export function decideNavigation(input: GuardInput): GuardDecision {
  const { resolved } = input;
  if (resolved.kind === 'root') return { kind: 'navigate', to: SHELL_ROUTES.login.path };
  if (resolved.kind === 'login') {
    // Signed in already: the sign-in form has nothing to do; go where signing in would have gone.
    if (!input.hasToken) return { kind: 'allow' };
    if (!input.role) return { kind: 'loadUser' };
    return { kind: 'navigate', to: afterLoginPath(input.search, input.role) };
  }
  if (!input.hasToken) return { kind: 'navigate', to: loginPathFor(input.pathname, input.search) };
  if (!input.role) return { kind: 'loadUser' };
  if (resolved.kind === 'notFound') return { kind: 'notFound' };
  if (resolved.kind === 'redirect') return { kind: 'allow' };

  const { route } = resolved.entry;
  const roleAllows = canOpenRoute(route.name, input.role);
  if (input.menuFromServer) {
    const listed = input.serverMenuNames.includes(route.name) || ROUTE_WHITELIST.includes(route.name);
    if (!listed || !roleAllows) return { kind: 'notFound' };
  } else if (!roleAllows) {
    const first = firstAllowedRoute(input.role);
    return first ? { kind: 'navigate', to: landingPath(first) } : { kind: 'notFound' };
  }
  if (route.redirect) return { kind: 'navigate', to: route.redirect };
  return { kind: 'allow' };
}
