import { describe, expect, it } from 'vitest';
import { ENDPOINT_TABLE, ErrorCode, ROLES, type Endpoint, type Role } from '@dialwise/contracts';
import { auditLog } from '../db/schema.ts';
import { useTestServer } from '../../test/helper.ts';
import { operationUsers } from '../../test/operation.ts';

const server = useTestServer();

/** Every endpoint of the table that admits some roles only, with the roles it refuses. */
const restricted = Object.entries(ENDPOINT_TABLE).flatMap(([area, endpoints]) =>
  Object.entries(endpoints).flatMap(([name, endpoint]) => {
    const { roles } = endpoint;
    if (roles === 'public' || roles === 'signedIn') return [];
    const refused = ROLES.filter((role) => !roles.includes(role));
    return refused.length ? [{ name: `${area}.${name}`, endpoint, refused }] : [];
  }),
);

/** The request as a caller would send it: the path with an id for each parameter, a junk body or query. */
function request(endpoint: Endpoint, token: string, body: Record<string, unknown>) {
  const url = endpoint.path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
  return server.app.inject({
    method: endpoint.method,
    url: endpoint.method === 'GET' ? `${url}?id=${String(body.id ?? '')}` : url,
    headers: { authorization: `Bearer ${token}` },
    ...(endpoint.method === 'GET' ? {} : { payload: body }),
  });
}

describe("the endpoint table's roles", () => {
  it('every endpoint answers 403 to a role it does not admit, whatever the body, and writes nothing', async () => {
    expect(restricted.length).toBeGreaterThan(50);
    const users = await operationUsers(server);
    const tokens: Record<Role, string> = { DEV: users.dev, ADMIN: users.admin, OPR: users.opr };
    const audited = (await server.database.db.select().from(auditLog)).length;
    for (const { name, endpoint, refused } of restricted) {
      for (const role of refused) {
        for (const body of [{}, { id: users.companyId, companyId: users.companyId, name: 'x', keyword: 'x' }]) {
          const answer = await request(endpoint, tokens[role], body);
          expect({ name, role, code: answer.json().code }).toEqual({ name, role, code: ErrorCode.FORBIDDEN });
        }
      }
    }
    expect(await server.database.db.select().from(auditLog)).toHaveLength(audited);
  });
});
