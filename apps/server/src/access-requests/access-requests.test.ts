import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@dialwise/contracts';
import { addUser, call, login, seedCompanies, useTestServer } from '../../test/helper.ts';

const server = useTestServer();

interface Request {
  id: string;
  kind: string;
  username: string | null;
  companyId: string | null;
  status: string;
}

describe('forgot password and register', () => {
  it('forgot password answers the same whether or not the user exists, and only real users file a request', async () => {
    const { companyId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    await addUser(server, companyId, 'olga', 'OPR', { phoneNumber: '13900000001' });
    const known = await call(server, '/api/user/forgotPassword', { body: { username: '13900000001' } });
    const unknown = await call(server, '/api/user/forgotPassword', { body: { username: 'ghost' } });
    expect(known.body.code).toBe(200);
    expect(unknown.body).toMatchObject({ code: known.body.code, message: known.body.message });
    const token = await login(server, 'alice', 'admin');
    const list = await call<{ list: Request[] }>(server, '/api/access-requests/list', { token, body: {} });
    expect(list.body.data.list).toEqual([expect.objectContaining({ kind: 'password_reset', username: 'olga', companyId, status: 'open' })]);
  });

  it("another company's administrators do not see the request", async () => {
    const { companyId, otherCompanyId } = await seedCompanies(server);
    await addUser(server, companyId, 'olga', 'OPR');
    await addUser(server, otherCompanyId, 'gina', 'ADMIN');
    await call(server, '/api/user/forgotPassword', { body: { username: 'olga' } });
    const token = await login(server, 'gina', 'admin');
    const list = await call<{ list: Request[]; total: number }>(server, '/api/access-requests/list', { token, body: {} });
    expect(list.body.data.total).toBe(0);
  });

  it('register files an access request that provider staff (DEV) see and resolve; customer admins do not see it', async () => {
    const { companyId, providerId } = await seedCompanies(server);
    await addUser(server, companyId, 'alice', 'ADMIN');
    await addUser(server, providerId, 'devon', 'DEV');
    const filed = await call(server, '/api/user/register', {
      body: { companyName: 'Initech', contactName: 'Peter', email: 'peter@initech.test', phoneNumber: '+15550001111' },
    });
    expect(filed.body.code).toBe(200);
    const dev = await login(server, 'devon', 'admin');
    const list = await call<{ list: Request[] }>(server, '/api/access-requests/list', { token: dev, body: { kind: 'register' } });
    expect(list.body.data.list).toHaveLength(1);
    const id = list.body.data.list[0]!.id;
    expect((await call(server, '/api/access-requests/dismiss', { token: dev, body: { id } })).body.code).toBe(200);
    const admin = await login(server, 'alice', 'admin');
    expect(
      (await call<{ total: number }>(server, '/api/access-requests/list', { token: admin, body: { kind: 'register' } })).body.data.total,
    ).toBe(0);
    expect((await call(server, '/api/access-requests/dismiss', { token: admin, body: { id } })).body.code).toBe(ErrorCode.NOT_FOUND);
  });

  it('register validates e-mail and phone and names the field', async () => {
    const answer = await call(server, '/api/user/register', {
      body: { companyName: 'Initech', contactName: 'Peter', email: 'not-an-email', phoneNumber: '12' },
      headers: { 'accept-language': 'en' },
    });
    expect(answer.body.code).toBe(ErrorCode.VALIDATION);
    expect(answer.body.message).toContain('E-mail must be a valid e-mail address');
    expect(answer.body.message).toContain('Phone number must be a valid phone number');
  });
});
