import type { ApiKeyCreated, CallRecordSyncItem, CallRecordSyncPage } from '@dialwise/contracts';
import { addUser, call, login, seedCompanies, type TestServer } from './helper.ts';
import { projectWithTask } from './call-fixtures.ts';

/** A company with one project and task to write calls into, its rival, and a read key of the company. */
export async function syncFixture(server: TestServer) {
  const seeded = await seedCompanies(server);
  await addUser(server, seeded.companyId, 'boss', 'ADMIN');
  await addUser(server, seeded.otherCompanyId, 'rival', 'ADMIN');
  const boss = await login(server, 'boss', 'admin');
  const rival = await login(server, 'rival', 'admin');
  const created = await call<ApiKeyCreated>(server, '/api/api-keys/create', { token: boss, body: { name: 'crm', scope: 'read' } });
  const at = { companyId: seeded.companyId, ...(await projectWithTask(server, boss, seeded.companyId, 'Spring')) };
  const rivalAt = { companyId: seeded.otherCompanyId, ...(await projectWithTask(server, rival, seeded.otherCompanyId, 'Globex')) };
  return { ...seeded, boss, rival, key: created.body.data.key, at, rivalAt };
}

export async function syncPage(server: TestServer, key: string, body: { cursor?: string; limit?: number }) {
  const answer = await call<CallRecordSyncPage>(server, '/api/call-records/sync', { token: key, body });
  if (answer.body.code !== 200) throw new Error(`sync: ${answer.body.code} ${answer.body.message}`);
  return answer.body.data;
}

/** What a CRM keeps: the latest version of each record it was sent, and every (record, version) it received. */
export class SyncMirror {
  readonly latest = new Map<string, CallRecordSyncItem>();
  readonly received: string[] = [];
  cursor: string | undefined;

  take(page: CallRecordSyncPage): void {
    for (const record of page.list) {
      this.latest.set(record.id, record);
      this.received.push(`${record.id}@${record.summary ?? ''}`);
    }
    this.cursor = page.nextCursor;
  }
}

/**
 * Walks the sync until it has caught up and `enough` holds. The sync stops below the oldest transaction of the
 * database still running (a write of the test's own that has not committed yet holds it back for a moment), so
 * "caught up" is asked again rather than assumed.
 */
export async function walkUntil(
  server: TestServer,
  key: string,
  mirror: SyncMirror,
  options: { limit?: number; enough: () => boolean; pageSizes?: number[] },
): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const page = await syncPage(server, key, { cursor: mirror.cursor, limit: options.limit ?? 500 });
    mirror.take(page);
    options.pageSizes?.push(page.list.length);
    if (!page.hasMore && options.enough()) return;
    if (Date.now() > deadline) return;
    if (!page.hasMore) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
