import { describe, expect, it } from 'vitest';
import { decideNavigation, afterLoginPath, loginPathFor, type GuardInput } from './guard.ts';
import { resolvePath } from './routing.ts';

function input(pathname: string, extra: Partial<GuardInput> = {}): GuardInput {
  const [path, search = ''] = pathname.split('?');
  return {
    resolved: resolvePath(path!),
    pathname: path!,
    search: search ? `?${search}` : '',
    hasToken: true,
    role: 'ADMIN',
    menuFromServer: false,
    serverMenuNames: [],
    ...extra,
  };
}

describe('route guard', () => {
  it('sends / to login, and lets anyone open login', () => {
    expect(decideNavigation(input('/', { hasToken: false }))).toEqual({ kind: 'navigate', to: '/login' });
    expect(decideNavigation(input('/login', { hasToken: false }))).toEqual({ kind: 'allow' });
  });

  it('sends a signed-in user who opens /login to where signing in goes (issue 17 point 9)', () => {
    expect(decideNavigation(input('/login', { role: 'ADMIN' }))).toEqual({ kind: 'navigate', to: '/dashboard/workplace' });
    expect(decideNavigation(input('/login?redirect=/system/dnc', { role: 'ADMIN' }))).toEqual({ kind: 'navigate', to: '/system/dnc' });
    expect(decideNavigation(input('/login', { role: null }))).toEqual({ kind: 'loadUser' });
  });
  it('without the cookie, goes to login keeping the target and its query', () => {
    const decision = decideNavigation(input('/system/account-manage?keyword=ops', { hasToken: false, role: null }));
    expect(decision).toEqual({ kind: 'navigate', to: '/login?redirect=%2Fsystem%2Faccount-manage&keyword=ops' });
  });
  it('with the cookie but no user, asks for the user first', () => {
    expect(decideNavigation(input('/project/projectListAdmin', { role: null }))).toEqual({ kind: 'loadUser' });
  });
  it('shows not-found for unknown paths once signed in', () => {
    expect(decideNavigation(input('/no/such/page'))).toEqual({ kind: 'notFound' });
  });
  it('sends a denied role to the first route it may open', () => {
    expect(decideNavigation(input('/operation/companyList', { role: 'OPR' }))).toEqual({ kind: 'navigate', to: '/operator/index' });
    expect(decideNavigation(input('/dashboard/workplace', { role: 'DEV' }))).toEqual({ kind: 'navigate', to: '/project/projectListAdmin' });
  });
  it('follows a route redirect the role may open', () => {
    expect(decideNavigation(input('/operation', { role: 'DEV' }))).toEqual({ kind: 'navigate', to: '/operation/index' });
  });
  it('with the menu from the server, needs the route in that menu or the whitelist, and the role', () => {
    const base = { menuFromServer: true, role: 'ADMIN' as const };
    expect(decideNavigation(input('/project/projectListAdmin', { ...base, serverMenuNames: ['projectListAdmin'] }))).toEqual({
      kind: 'allow',
    });
    expect(decideNavigation(input('/project/projectListAdmin', { ...base, serverMenuNames: [] }))).toEqual({ kind: 'notFound' });
    expect(decideNavigation(input('/operation/companyList', { ...base, serverMenuNames: ['companyList'] }))).toEqual({ kind: 'notFound' });
  });
});

describe('login paths', () => {
  it('drops a stale redirect from the kept query', () => {
    expect(loginPathFor('/board/projectBoard', '?redirect=/evil&x=1')).toBe('/login?redirect=%2Fboard%2FprojectBoard&x=1');
  });
  it('returns to the kept target with its query after signing in', () => {
    expect(afterLoginPath('?redirect=%2Fsystem%2Faccount-manage&keyword=ops', 'ADMIN')).toBe('/system/account-manage?keyword=ops');
  });
  it("refuses an off-site redirect and lands on the role's first route instead", () => {
    expect(afterLoginPath('?redirect=%2F%2Fevil.test', 'OPR')).toBe('/operator/index');
    expect(afterLoginPath('', 'ADMIN')).toBe('/dashboard/workplace');
  });
});
