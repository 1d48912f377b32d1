import { describe, expect, it } from 'vitest';
import {
  APP_ROUTES,
  SHELL_ROUTES,
  canOpenRoute,
  findRoute,
  firstAllowedRoute,
  flattenRoutes,
  metaAllows,
  routeNames,
  routesForRole,
} from './routes.ts';
import { appRouteSchema } from './route-schema.ts';
import { ROLES, type Role } from './roles.ts';
import { MESSAGES } from '../i18n.ts';

const A = 'ADMIN',
  D = 'DEV',
  O = 'OPR';
const ALL: readonly Role[] = [A, D, O];

/**
 * Who may open each page, written out independently of the route table: route name → the roles that may
 * open it. The result group is ADMIN's. callDisplay sets no role of its own, so its group's role
 * (/projectOp: OPR) decides: a route opens only when it and every ancestor allow the role.
 */
const ACCESS: Record<string, readonly Role[]> = {
  workplace: [A],
  monitor: [A],
  exception403: ALL,
  exception404: ALL,
  exception500: ALL,
  step: ALL,
  group: ALL,
  searchTable: ALL,
  card: [A],
  operationIndex: [D],
  companyList: [D],
  voiceList: [D],
  processor: [D],
  tags: [D],
  scenario: [D],
  scenarioAdd: [D],
  scenarioEdit: [D],
  llm: [D],
  operatorIndex: [O],
  basic: ALL,
  projectListAdmin: [A, D],
  taskList: [A, D],
  newTask: [A, D],
  editTask: [A, D],
  projectBoard: [A, D],
  callRecordBoard: [A, D],
  projectOpIndex: [O],
  callRecordBoardOp: [O],
  callDisplay: [O],
  success: [A],
  error: [A],
  accountManage: [A, D],
  sipManage: [A, D],
  selfInfo: ALL,
  dataAnalysis: ALL,
  multiDimensionDataAnalysis: ALL,
  faqIndex: ALL,
  login: ALL,
  root: ALL,
  notFound: ALL,
  redirect: ALL,
  dncList: [A, D],
  accessRequests: [A, D],
  apiKeys: [A, D],
  userCenter: ALL,
};

const PATHS: Record<string, string> = {
  workplace: '/dashboard/workplace',
  monitor: '/dashboard/monitor',
  companyList: '/operation/companyList',
  llm: '/operation/llm',
  scenarioAdd: '/operation/scenario/add',
  scenarioEdit: '/operation/scenario/edit',
  voiceList: '/operation/voiceList',
  tags: '/operation/tags',
  operatorIndex: '/operator/index',
  projectListAdmin: '/project/projectListAdmin',
  taskList: '/project/taskList/:projectID',
  newTask: '/project/newTask/:projectID',
  editTask: '/project/editTask/:projectID/:taskID',
  projectBoard: '/board/projectBoard/:projectID?',
  callRecordBoard: '/board/callRecordBoard/:projectID?/:taskID?',
  projectOpIndex: '/projectOp/index',
  callRecordBoardOp: '/projectOp/callRecordBoardOp/:projectID?',
  callDisplay: '/projectOp/callDisplay/:projectID?',
  accountManage: '/system/account-manage',
  sipManage: '/system/sip-manage',
  selfInfo: '/system/self-info',
  success: '/result/success',
  error: '/result/error',
  card: '/list/card',
  searchTable: '/list/search-table',
  step: '/form/step',
  group: '/form/group',
  basic: '/profile/basic',
  exception403: '/exception/403',
  dataAnalysis: '/visualization/data-analysis',
  multiDimensionDataAnalysis: '/visualization/multi-dimension-data-analysis',
};

describe('route access, every role × every route', () => {
  const cases = Object.entries(ACCESS).flatMap(([name, allowed]) =>
    ROLES.map((role) => ({ name, role, expected: allowed.includes(role) })),
  );

  it.each(cases)('$role on $name → $expected', ({ name, role, expected }) => {
    expect(canOpenRoute(name, role)).toBe(expected);
  });

  it('every route of the table is listed above', () => {
    const names = flattenRoutes()
      .filter((e) => e.ancestors.length > 0)
      .map((e) => e.route.name);
    for (const name of names) expect(ACCESS, `route ${name} is not listed in ACCESS`).toHaveProperty(name);
  });

  it.each(Object.entries(PATHS))('%s sits at %s', (name, path) => {
    expect(findRoute(name)?.route.path).toBe(path);
  });

  it('unknown names and signed-out users are refused where auth is required', () => {
    expect(canOpenRoute('nope', 'ADMIN')).toBe(false);
    expect(canOpenRoute('workplace', null)).toBe(false);
    expect(canOpenRoute('login', null)).toBe(true);
  });
});

describe('metaAllows', () => {
  it('no auth, no roles, empty roles and * allow anyone; listed roles allow only themselves', () => {
    expect(metaAllows({ locale: 'x', requiresAuth: false, roles: ['DEV'] }, 'OPR')).toBe(true);
    expect(metaAllows({ locale: 'x', requiresAuth: true }, 'OPR')).toBe(true);
    expect(metaAllows({ locale: 'x', requiresAuth: true, roles: [] }, 'OPR')).toBe(true);
    expect(metaAllows({ locale: 'x', requiresAuth: true, roles: ['*'] }, 'OPR')).toBe(true);
    expect(metaAllows({ locale: 'x', requiresAuth: true, roles: ['DEV'] }, 'OPR')).toBe(false);
    expect(metaAllows({ locale: 'x', requiresAuth: true, roles: ['DEV'] }, 'DEV')).toBe(true);
  });
});

describe('firstAllowedRoute', () => {
  it('is the first route of the tree, breadth first, that lists the role', () => {
    expect(firstAllowedRoute('ADMIN')?.name).toBe('dashboard');
    expect(firstAllowedRoute('DEV')?.name).toBe('project');
    expect(firstAllowedRoute('OPR')?.name).toBe('operator');
  });

  it('skips routes needing a parameter and answers null when nothing fits', () => {
    const routes = [{ name: 'x', path: '/x/:id', meta: { locale: 'x', requiresAuth: true, roles: ['OPR' as const] } }];
    expect(firstAllowedRoute('OPR', routes)).toBeNull();
    expect(firstAllowedRoute(null)).not.toBeNull(); // '*' routes
  });
});

describe('routesForRole / routeNames (the server menu)', () => {
  it('keeps only what the role may open and drops empty groups', () => {
    const opr = routeNames(routesForRole('OPR'));
    expect(opr).toContain('operatorIndex');
    expect(opr).toContain('selfInfo');
    expect(opr).not.toContain('accountManage');
    expect(opr).not.toContain('companyList');
    expect(opr).not.toContain('dashboard');
    const dev = routeNames(routesForRole('DEV'));
    expect(dev).toEqual(expect.arrayContaining(['companyList', 'llm', 'tags', 'projectListAdmin', 'sipManage']));
    expect(dev).not.toContain('workplace');
  });

  it('every route serializes through the wire schema', () => {
    for (const role of ROLES) for (const route of routesForRole(role)) expect(() => appRouteSchema.parse(route)).not.toThrow();
  });
});

describe('route table flags (menu details)', () => {
  it('hidden operation pages highlight the company list; task pages highlight the project list', () => {
    for (const name of ['voiceList', 'processor', 'scenario', 'scenarioAdd', 'scenarioEdit']) {
      expect(findRoute(name)?.route.meta).toMatchObject({ hideInMenu: true, activeMenu: 'companyList' });
    }
    for (const name of ['taskList', 'newTask', 'editTask']) {
      expect(findRoute(name)?.route.meta).toMatchObject({ hideInMenu: true, activeMenu: 'projectListAdmin' });
    }
    expect(findRoute('companyList')?.route.meta.ignoreCache).toBe(true);
    expect(findRoute('tags')?.route.meta.hideInMenu).toBeFalsy();
    expect(findRoute('llm')?.route.meta.hideInMenu).toBeFalsy();
    expect(SHELL_ROUTES.root.redirect).toBe('/login');
    expect(findRoute('operation')?.route.redirect).toBe('/operation/index');
    expect(findRoute('projectOp')?.route.redirect).toBe('/projectOp/index');
  });

  it('names are unique and every title has a message key in both languages or a console key', () => {
    const names = flattenRoutes().map((e) => e.route.name);
    expect(new Set(names).size).toBe(names.length);
    for (const { route } of flattenRoutes(APP_ROUTES)) expect(route.meta.locale).toMatch(/^menu\./);
    expect(Object.keys(MESSAGES).some((k) => k.startsWith('menu.'))).toBe(false); // titles live in the console's locale files
  });
});
