import { canOpenRoute, findRoute, type Role } from '@dialwise/contracts';

/**
 * How often this browser's user opened each page, kept in local storage per user, so the workplace can
 * offer quick links to the pages they use most. Redirect helpers and the workplace itself are not counted.
 */
const KEY = 'dialwise-visits';
const SKIP = new Set(['workplace', 'redirect', 'notFound', 'login', 'root']);

type Visits = Record<string, Record<string, number>>;

function load(): Visits {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Visits;
  } catch {
    return {};
  }
}

export function recordVisit(userId: string | undefined, routeName: string): void {
  if (!userId || SKIP.has(routeName)) return;
  const visits = load();
  const mine = (visits[userId] ??= {});
  mine[routeName] = (mine[routeName] ?? 0) + 1;
  localStorage.setItem(KEY, JSON.stringify(visits));
}

/** The user's most visited pages they may still open (no path parameters needed), most visited first. */
export function frequentPages(userId: string | undefined, role: Role | null, limit = 6): { name: string; path: string; locale: string }[] {
  const mine = userId ? (load()[userId] ?? {}) : {};
  return Object.entries(mine)
    .sort((a, b) => b[1] - a[1])
    .map(([name]) => findRoute(name)?.route)
    .filter((route) => route !== undefined && !route.path.includes('/:') && !route.redirect && canOpenRoute(route.name, role))
    .slice(0, limit)
    .map((route) => ({ name: route!.name, path: route!.path.replace(/\/:\w+\?/g, ''), locale: route!.meta.locale }));
}
