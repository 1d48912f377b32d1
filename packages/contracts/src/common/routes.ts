import type { Role } from './roles.ts';
import type { CompanyFeature } from './company-features.ts';

/**
 * The route table: one tree that drives the console's router, its side menu, breadcrumb,
 * tab bar and guard, and the server's `/api/user/menu`. Paths are absolute; `:x?` marks an optional
 * segment. A route's `name` is also the name of its page (and locale key `menu.<name>`).
 */
export const MENU_GROUPS = [
  'dashboard',
  'list',
  'result',
  'exception',
  'form',
  'profile',
  'visualization',
  'user',
  'faq',
  'project',
  'board',
  'operation',
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export type RouteRole = Role | '*';

export interface RouteMeta {
  /** i18n key of the title (menu, breadcrumb, tab). */
  locale: string;
  requiresAuth: boolean;
  /** Unset or empty: any signed-in user. */
  roles?: readonly RouteRole[];
  hideInMenu?: boolean;
  /** Not kept alive by the tab bar. */
  ignoreCache?: boolean;
  /** Name of the menu item highlighted while this (hidden) route is open. */
  activeMenu?: string;
  /** Arco icon name, for top-level entries. */
  icon?: string;
  /** Top-level entries: which menu group they form. */
  group?: MenuGroup;
  /** Not shown as a tab (e.g. the redirect helper). */
  noTab?: boolean;
  /** The operation feature the provider must enable for the company: without it the menu leaves the route out. */
  feature?: CompanyFeature;
}

export interface AppRoute {
  name: string;
  path: string;
  redirect?: string;
  meta: RouteMeta;
  children?: readonly AppRoute[];
}

const ADMIN_DEV: readonly RouteRole[] = ['ADMIN', 'DEV'];
const ANY: readonly RouteRole[] = ['*'];
const auth = (locale: string, extra: Partial<RouteMeta> = {}): RouteMeta => ({ locale, requiresAuth: true, ...extra });

/**
 * Routes shown inside the default layout, in menu order. The template groups (list, form, profile,
 * visualization, result) hold only hidden routes, so the groups are hidden with them.
 */
export const APP_ROUTES: readonly AppRoute[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    redirect: '/dashboard/workplace',
    meta: auth('menu.dashboard', { roles: ['ADMIN'], icon: 'IconDashboard', group: 'dashboard' }),
    children: [
      { name: 'workplace', path: '/dashboard/workplace', meta: auth('menu.workplace', { roles: ['ADMIN'], hideInMenu: true }) },
      { name: 'monitor', path: '/dashboard/monitor', meta: auth('menu.monitor', { roles: ['ADMIN'], hideInMenu: true }) },
    ],
  },
  {
    name: 'project',
    path: '/project',
    redirect: '/project/projectListAdmin',
    meta: auth('menu.project', { roles: ADMIN_DEV, icon: 'IconApps', group: 'project' }),
    children: [
      { name: 'projectListAdmin', path: '/project/projectListAdmin', meta: auth('menu.projectListAdmin', { roles: ADMIN_DEV }) },
      {
        name: 'taskList',
        path: '/project/taskList/:projectID',
        meta: auth('menu.taskList', { roles: ADMIN_DEV, hideInMenu: true, activeMenu: 'projectListAdmin' }),
      },
      {
        name: 'newTask',
        path: '/project/newTask/:projectID',
        meta: auth('menu.newTask', { roles: ADMIN_DEV, hideInMenu: true, activeMenu: 'projectListAdmin' }),
      },
      {
        name: 'editTask',
        path: '/project/editTask/:projectID/:taskID',
        meta: auth('menu.editTask', { roles: ADMIN_DEV, hideInMenu: true, activeMenu: 'projectListAdmin' }),
      },
    ],
  },
  {
    name: 'board',
    path: '/board',
    redirect: '/board/projectBoard',
    meta: auth('menu.board', { roles: ADMIN_DEV, icon: 'IconDesktop', group: 'board' }),
    children: [
      { name: 'projectBoard', path: '/board/projectBoard/:projectID?', meta: auth('menu.projectBoard', { roles: ADMIN_DEV }) },
      {
        name: 'callRecordBoard',
        path: '/board/callRecordBoard/:projectID?/:taskID?',
        meta: auth('menu.callRecordBoard', { roles: ADMIN_DEV }),
      },
    ],
  },
  {
    name: 'operation',
    path: '/operation',
    redirect: '/operation/index',
    meta: auth('menu.operation', { roles: ['DEV'], icon: 'IconSettings', group: 'operation' }),
    children: [
      {
        name: 'operationIndex',
        path: '/operation/index',
        redirect: '/operation/companyList',
        meta: auth('menu.operation', { roles: ['DEV'], hideInMenu: true, noTab: true }),
      },
      { name: 'companyList', path: '/operation/companyList', meta: auth('menu.companyList', { roles: ['DEV'], ignoreCache: true }) },
      {
        name: 'voiceList',
        path: '/operation/voiceList',
        meta: auth('menu.voiceList', { roles: ['DEV'], hideInMenu: true, activeMenu: 'companyList' }),
      },
      {
        name: 'processor',
        path: '/operation/processor',
        meta: auth('menu.processor', { roles: ['DEV'], hideInMenu: true, activeMenu: 'companyList' }),
      },
      {
        name: 'scenario',
        path: '/operation/scenario',
        meta: auth('menu.scenario', { roles: ['DEV'], hideInMenu: true, activeMenu: 'companyList' }),
      },
      {
        name: 'scenarioAdd',
        path: '/operation/scenario/add',
        meta: auth('menu.scenarioAdd', { roles: ['DEV'], hideInMenu: true, activeMenu: 'companyList' }),
      },
      {
        name: 'scenarioEdit',
        path: '/operation/scenario/edit',
        meta: auth('menu.scenarioEdit', { roles: ['DEV'], hideInMenu: true, activeMenu: 'companyList' }),
      },
      { name: 'tags', path: '/operation/tags', meta: auth('menu.tags', { roles: ['DEV'] }) },
      { name: 'llm', path: '/operation/llm', meta: auth('menu.llm', { roles: ['DEV'] }) },
    ],
  },
  {
    name: 'operator',
    path: '/operator',
    redirect: '/operator/index',
    meta: auth('menu.operator', { roles: ['OPR'], icon: 'IconCustomerService' }),
    children: [{ name: 'operatorIndex', path: '/operator/index', meta: auth('menu.operatorIndex', { roles: ['OPR'] }) }],
  },
  {
    name: 'projectOp',
    path: '/projectOp',
    redirect: '/projectOp/index',
    meta: auth('menu.projectOp', { roles: ['OPR'], icon: 'IconApps' }),
    children: [
      { name: 'projectOpIndex', path: '/projectOp/index', meta: auth('menu.projectOpIndex', { roles: ['OPR'] }) },
      {
        name: 'callRecordBoardOp',
        path: '/projectOp/callRecordBoardOp/:projectID?',
        meta: auth('menu.callRecordBoardOp', { roles: ['OPR'] }),
      },
      // The spec gives this page no role of its own; the group's OPR applies (canOpenRoute checks ancestors).
      { name: 'callDisplay', path: '/projectOp/callDisplay/:projectID?', meta: auth('menu.callDisplay', { hideInMenu: true }) },
    ],
  },
  {
    name: 'system',
    path: '/system',
    redirect: '/system/self-info',
    meta: auth('menu.system', { roles: ['ADMIN', 'DEV', 'OPR'], icon: 'IconUser', group: 'user' }),
    children: [
      { name: 'accountManage', path: '/system/account-manage', meta: auth('menu.accountManage', { roles: ADMIN_DEV }) },
      { name: 'sipManage', path: '/system/sip-manage', meta: auth('menu.sipManage', { roles: ADMIN_DEV }) },
      // The company's do-not-call list, checked by the dialer before each dial.
      { name: 'dncList', path: '/system/dnc', meta: auth('menu.dncList', { roles: ADMIN_DEV, feature: 'doNotCall' }) },
      { name: 'accessRequests', path: '/system/access-requests', meta: auth('menu.accessRequests', { roles: ADMIN_DEV }) },
      { name: 'apiKeys', path: '/system/api-keys', meta: auth('menu.apiKeys', { roles: ADMIN_DEV }) },
      { name: 'selfInfo', path: '/system/self-info', meta: auth('menu.selfInfo', { roles: ['ADMIN', 'DEV', 'OPR'] }) },
      // The template's user center (user info and settings), filled from the signed-in account.
      { name: 'userCenter', path: '/system/user-center', meta: auth('menu.userCenter', { roles: ['ADMIN', 'DEV', 'OPR'] }) },
    ],
  },
  {
    name: 'visualization',
    path: '/visualization',
    redirect: '/visualization/data-analysis',
    meta: auth('menu.visualization', { icon: 'IconDashboard', group: 'visualization', hideInMenu: true }),
    children: [
      { name: 'dataAnalysis', path: '/visualization/data-analysis', meta: auth('menu.dataAnalysis', { roles: ANY, hideInMenu: true }) },
      {
        name: 'multiDimensionDataAnalysis',
        path: '/visualization/multi-dimension-data-analysis',
        meta: auth('menu.multiDimensionDataAnalysis', { roles: ANY, hideInMenu: true }),
      },
    ],
  },
  {
    name: 'list',
    path: '/list',
    redirect: '/list/search-table',
    meta: auth('menu.list', { icon: 'IconList', group: 'list', hideInMenu: true }),
    children: [
      { name: 'searchTable', path: '/list/search-table', meta: auth('menu.searchTable', { roles: ANY, hideInMenu: true }) },
      { name: 'card', path: '/list/card', meta: auth('menu.card', { roles: ['ADMIN'], hideInMenu: true }) },
    ],
  },
  {
    name: 'form',
    path: '/form',
    redirect: '/form/step',
    meta: auth('menu.form', { icon: 'IconSettings', group: 'form', hideInMenu: true }),
    children: [
      { name: 'step', path: '/form/step', meta: auth('menu.step', { roles: ANY, hideInMenu: true }) },
      { name: 'group', path: '/form/group', meta: auth('menu.group', { roles: ANY, hideInMenu: true }) },
    ],
  },
  {
    name: 'profile',
    path: '/profile',
    redirect: '/profile/basic',
    meta: auth('menu.profile', { icon: 'IconFile', group: 'profile', hideInMenu: true }),
    children: [{ name: 'basic', path: '/profile/basic', meta: auth('menu.basic', { roles: ANY, hideInMenu: true }) }],
  },
  {
    // Only ADMIN opens the result pages (the product's brief writes this role as lower-case 'admin', which
    // matches no authLevel; docs/console.md, "Readings of the spec", gives the reading).
    name: 'result',
    path: '/result',
    redirect: '/result/success',
    meta: auth('menu.result', { roles: ['ADMIN'], icon: 'IconCheckCircle', group: 'result', hideInMenu: true }),
    children: [
      { name: 'success', path: '/result/success', meta: auth('menu.success', { roles: ['ADMIN'], hideInMenu: true }) },
      { name: 'error', path: '/result/error', meta: auth('menu.error', { roles: ['ADMIN'], hideInMenu: true }) },
    ],
  },
  {
    name: 'exception',
    path: '/exception',
    redirect: '/exception/403',
    meta: auth('menu.exception', { icon: 'IconExclamationCircle', group: 'exception' }),
    children: [
      { name: 'exception403', path: '/exception/403', meta: auth('menu.exception403', { roles: ANY }) },
      { name: 'exception404', path: '/exception/404', meta: auth('menu.exception404', { roles: ANY }) },
      { name: 'exception500', path: '/exception/500', meta: auth('menu.exception500', { roles: ANY }) },
    ],
  },
  {
    name: 'faq',
    path: '/faq',
    redirect: '/faq/index',
    meta: auth('menu.faq', { icon: 'IconQuestionCircle', group: 'faq' }),
    children: [{ name: 'faqIndex', path: '/faq/index', meta: auth('menu.faqIndex', { roles: ANY }) }],
  },
];

/** Routes outside the default layout. */
export const SHELL_ROUTES = {
  root: { name: 'root', path: '/', redirect: '/login', meta: { locale: 'menu.root', requiresAuth: false } },
  login: { name: 'login', path: '/login', meta: { locale: 'menu.login', requiresAuth: false } },
  redirect: { name: 'redirect', path: '/redirect/*', meta: { locale: 'menu.redirect', requiresAuth: true, hideInMenu: true, noTab: true } },
  notFound: { name: 'notFound', path: '*', meta: { locale: 'menu.notFound', requiresAuth: false } },
} as const satisfies Record<string, AppRoute>;

/** In menu-from-server mode these names open even when the server menu lacks them. */
export const ROUTE_WHITELIST: readonly string[] = ['notFound', 'login'];

/** A route opens when it needs no sign-in, lists no roles, lists '*', or lists the user's level. */
export function metaAllows(meta: RouteMeta, role: Role | null | undefined): boolean {
  if (!meta.requiresAuth) return true;
  if (!meta.roles || meta.roles.length === 0) return true;
  if (meta.roles.includes('*')) return true;
  return role != null && meta.roles.includes(role);
}

/**
 * Whether the menu offers a feature-gated route: when the company has the feature. Provider staff (DEV)
 * act on every company's behalf (the page picks one), so they always get it.
 */
export function featureAllows(meta: RouteMeta, role: Role | null | undefined, features: readonly CompanyFeature[]): boolean {
  return !meta.feature || role === 'DEV' || features.includes(meta.feature);
}

export interface RouteEntry {
  route: AppRoute;
  ancestors: readonly AppRoute[];
}

/** Every route of the table with its ancestors, in tree (menu) order. */
export function flattenRoutes(routes: readonly AppRoute[] = APP_ROUTES, ancestors: readonly AppRoute[] = []): RouteEntry[] {
  return routes.flatMap((route) => [{ route, ancestors }, ...flattenRoutes(route.children ?? [], [...ancestors, route])]);
}

const BY_NAME = new Map(flattenRoutes().map((entry) => [entry.route.name, entry]));
for (const shell of Object.values(SHELL_ROUTES)) BY_NAME.set(shell.name, { route: shell, ancestors: [] });

export function findRoute(name: string): RouteEntry | undefined {
  return BY_NAME.get(name);
}

/** A route opens for a role when it and every ancestor allow the role. */
export function canOpenRoute(name: string, role: Role | null | undefined): boolean {
  const entry = BY_NAME.get(name);
  if (!entry) return false;
  return [...entry.ancestors, entry.route].every((route) => metaAllows(route.meta, role));
}

/**
 * Where a denied user goes: breadth-first, the first route whose roles explicitly list the
 * role or '*'; null means the not-found page.
 */
export function firstAllowedRoute(role: Role | null | undefined, routes: readonly AppRoute[] = APP_ROUTES): AppRoute | null {
  const queue = [...routes];
  while (queue.length > 0) {
    const route = queue.shift()!;
    if (route.meta.roles?.some((r) => r === '*' || r === role) && !route.path.includes(':')) return route;
    queue.push(...(route.children ?? []));
  }
  return null;
}

/** The route tree a role may open (hidden routes included: the menu hides them, the guard needs them). */
export function routesForRole(role: Role, routes: readonly AppRoute[] = APP_ROUTES): AppRoute[] {
  return routes
    .filter((route) => metaAllows(route.meta, role))
    .map((route) => (route.children ? { ...route, children: routesForRole(role, route.children) } : route))
    .filter((route) => !route.children || route.children.length > 0);
}

/** Names in a (server) menu tree, for the menu-from-server guard. */
export function routeNames(routes: readonly AppRoute[]): string[] {
  return routes.flatMap((route) => [route.name, ...routeNames(route.children ?? [])]);
}
