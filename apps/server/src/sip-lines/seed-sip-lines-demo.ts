import { randomBytes } from 'node:crypto';
import type { Tx } from '../db/client.ts';
import { sipLines } from '../db/schema.ts';
import type { SecretBox } from '../secrets/secret-box.ts';

/** AcmeOutreach's two lines on the built-in simulated trunk, so the demo dials without a carrier. */
export async function seedSipLinesDemo(tx: Tx, ids: { customerId: string; adminId: string; secrets: SecretBox }): Promise<void> {
  const lines = [
    { alias: 'Simulated line A', concurrency: 10, sipUsername: 'acme-sim-a' },
    { alias: 'Simulated line B', concurrency: 5, sipUsername: 'acme-sim-b' },
  ];
  await tx.insert(sipLines).values(
    lines.map((line) => ({
      ...line,
      companyId: ids.customerId,
      cps: 5,
      status: 'enabled' as const,
      trunk: 'simulated' as const,
      passwordSealed: ids.secrets.seal(randomBytes(12).toString('base64url')),
      domain: 'simulated.dialwise.local',
      port: 5060,
      createdBy: ids.adminId,
    })),
  );
}
