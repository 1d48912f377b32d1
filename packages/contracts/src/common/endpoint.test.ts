import { describe, expect, it } from 'vitest';
import { dashboardEndpoints, dncEndpoints } from '../endpoint-table.ts';
import { defineEndpoints } from './endpoint.ts';

describe("an area's endpoint table", () => {
  const table = defineEndpoints(
    { tag: 'things', roles: ['ADMIN'], keyScope: 'full' },
    {
      list: { path: '/api/things/list', summary: 'Things' },
      read: { method: 'GET', path: '/api/things/read', summary: 'A thing', keyScope: 'read', roles: ['ADMIN', 'OPR'] },
    },
  );

  it('fills in the method, tag, roles and key scope an endpoint leaves out, and keeps those it names', () => {
    expect(table.list).toEqual({
      path: '/api/things/list',
      summary: 'Things',
      method: 'POST',
      tag: 'things',
      roles: ['ADMIN'],
      keyScope: 'full',
    });
    expect(table.read).toMatchObject({ method: 'GET', tag: 'things', roles: ['ADMIN', 'OPR'], keyScope: 'read' });
  });

  it('leaves an endpoint console-only (no key scope) when neither it nor its table names one', () => {
    const consoleOnly = defineEndpoints({ tag: 'things', roles: 'signedIn' }, { list: { path: '/api/things/list', summary: 'Things' } });
    expect('keyScope' in consoleOnly.list).toBe(false);
  });

  it('opens the whole do-not-call list to full keys only, and every dashboard to ADMIN only', () => {
    expect(Object.values(dncEndpoints).map((endpoint) => endpoint.keyScope)).toEqual(['full', 'full', 'full', 'full']);
    expect(new Set(Object.values(dashboardEndpoints).map((endpoint) => endpoint.roles))).toEqual(new Set([['ADMIN']]));
  });
});
