import { describe, expect, it } from 'vitest';
import { call, seedCompanies, useTestServer } from '../../test/helper.ts';
import { userWithSession } from '../../test/task-fixtures.ts';

const ICE = [{ urls: 'stun:stun.example.com:3478' }, { urls: ['turn:turn.example.com:3478'], username: 'u', credential: 'p' }];
const server = useTestServer({ iceServers: ICE });

describe('the voice test call configuration', () => {
  it('gives the ICE servers (ICE_SERVERS) to the roles that place test calls, and to no one else', async () => {
    const { providerId, companyId } = await seedCompanies(server);
    for (const [name, company, role] of [
      ['device', providerId, 'DEV'],
      ['adminice', companyId, 'ADMIN'],
    ] as const) {
      const token = await userWithSession(server, company, name, role);
      expect((await call(server, '/api/webcall/config', { token })).body).toMatchObject({ code: 200, data: { iceServers: ICE } });
    }
    const agent = await userWithSession(server, companyId, 'agentice', 'OPR');
    expect((await call(server, '/api/webcall/config', { token: agent })).body.code).toBe(403);
    expect((await call(server, '/api/webcall/config', {})).status).toBe(401);
  });
});
