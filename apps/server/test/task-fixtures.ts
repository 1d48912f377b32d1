import type { Role } from '@dialwise/contracts';
import { hashSessionToken, newSessionToken } from '../src/auth/session-tokens.ts';
import { companyGrants, scenarios, sessions, sipLines, voices } from '../src/db/schema.ts';
import { addUser, call, seedCompanies, type TestServer } from './helper.ts';

/**
 * A user with a live session, written straight into the tables. Files with many tests use it instead of
 * signing in each time: the sign-in route refuses more than 60 requests a minute from one address.
 */
export async function userWithSession(server: TestServer, companyId: string, username: string, role: Role): Promise<string> {
  const user = await addUser(server, companyId, username, role);
  const token = newSessionToken();
  await server.database.db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  return token;
}

/** The seeded companies with sessions for Acme's ADMIN alice and agents olga and oscar, and Globex's ADMIN gina. */
export async function seedAcmeAgents(server: TestServer) {
  const seeded = await seedCompanies(server);
  const alice = await userWithSession(server, seeded.companyId, 'alice', 'ADMIN');
  const olga = await userWithSession(server, seeded.companyId, 'olga', 'OPR');
  const oscar = await userWithSession(server, seeded.companyId, 'oscar', 'OPR');
  const gina = await userWithSession(server, seeded.otherCompanyId, 'gina', 'ADMIN');
  return { ...seeded, alice, olga, oscar, gina };
}

/**
 * The catalogue rows a task needs, written straight into the tables (the catalogue's own screens are
 * another area): a scenario and a voice granted to the company, and one of its SIP lines.
 */
export async function grantCatalogue(server: TestServer, companyId: string, label = 'A') {
  const db = server.database.db;
  const [scenario] = await db
    .insert(scenarios)
    .values({ name: `Scenario ${label}` })
    .returning();
  const [voice] = await db
    .insert(voices)
    .values({ nickname: `Voice${label}`, vendor: 'volcano', originalVoiceId: `voice${label}` })
    .returning();
  await db.insert(companyGrants).values([
    { companyId, kind: 'scenario', refId: scenario!.id },
    { companyId, kind: 'voice', refId: voice!.id },
  ]);
  const lineId = await addSipLine(server, companyId, `line-${label}`);
  return { scenarioId: scenario!.id, voiceId: voice!.id, lineId };
}

export async function addSipLine(server: TestServer, companyId: string, alias: string, concurrency = 10) {
  const [line] = await server.database.db
    .insert(sipLines)
    .values({
      companyId,
      alias,
      concurrency,
      sipUsername: 'u',
      passwordSealed: 'sealed',
      domain: 'sip.example.test',
      port: 5060,
    })
    .returning();
  return line!.id;
}

export type Catalogue = Awaited<ReturnType<typeof grantCatalogue>>;

export function taskInput(catalogue: Catalogue, extra: Record<string, unknown> = {}) {
  return {
    name: 'Renewals',
    scenarioId: catalogue.scenarioId,
    voiceId: catalogue.voiceId,
    sipLineIds: [catalogue.lineId],
    callStart: '09:00',
    callEnd: '18:00',
    weekdays: [1, 2, 3, 4, 5],
    ...extra,
  };
}

export async function createProject(
  server: TestServer,
  token: string,
  name = 'Spring',
  encryptionType = 'PLAIN_TEXT',
  extra: Record<string, unknown> = {},
) {
  const answer = await call<{ id: string }>(server, '/api/projects/create', { token, body: { name, encryptionType, ...extra } });
  if (answer.body.code !== 200) throw new Error(`create project: ${answer.body.code} ${answer.body.message}`);
  return answer.body.data.id;
}

export async function createTask(
  server: TestServer,
  token: string,
  projectId: string,
  catalogue: Catalogue,
  extra: Record<string, unknown> = {},
) {
  const answer = await call<{ id: string; status: string }>(server, '/api/tasks/create', {
    token,
    body: { projectId, ...taskInput(catalogue, extra) },
  });
  if (answer.body.code !== 200) throw new Error(`create task: ${answer.body.code} ${answer.body.message}`);
  return answer.body.data.id;
}

export interface UploadAnswer {
  status: number;
  progress: { state: string; bytes: number; rows: number }[];
  envelope: { code: number; message: string; data: unknown };
  contentType: string | undefined;
}

/** Posts a CSV as the raw body and splits the NDJSON answer into progress lines and the final envelope. */
export async function upload(
  server: TestServer,
  token: string,
  taskId: string,
  csv: string | Buffer,
  headers: Record<string, string> = {},
): Promise<UploadAnswer> {
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/subtasks/upload?taskId=${taskId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'x-upload-filename': 'numbers.csv', ...headers },
    payload: csv,
  });
  const lines = response.body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
  return {
    status: response.statusCode,
    progress: lines.filter((line) => 'progress' in line).map((line) => line.progress),
    envelope: lines.at(-1),
    contentType: response.headers['content-type'] as string | undefined,
  };
}

export const CSV_HEADER = 'phoneNumber,prologueInfo,businessInfo,remark';
export function csvOf(rows: string[], header = CSV_HEADER): string {
  return `${header}\n${rows.join('\n')}\n`;
}
