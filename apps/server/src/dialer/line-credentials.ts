import type { Db } from '../db/client.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { loadSipLineCredentials } from '../sip-lines/load-sip-line-credentials.ts';
import type { SipLine } from '../telephony/index.ts';

/** How long a line's unsealed credentials are reused before they are read again. */
const LINE_CACHE_MS = 5_000;

/**
 * The lines calls are dialled through, read and unsealed at most once per LINE_CACHE_MS: at 100 calls a
 * second a read per call was a query and a decryption each. An edited line is used from the next read on.
 */
export class LineCredentials {
  private readonly lines = new Map<string, { line: ReturnType<typeof loadSipLineCredentials>; until: number }>();

  constructor(private readonly deps: { db: Db; secrets: SecretBox }) {}

  async get(lineId: string, companyId: string): Promise<SipLine> {
    const now = Date.now();
    let cached = this.lines.get(lineId);
    if (!cached || cached.until <= now) {
      cached = { line: loadSipLineCredentials(this.deps.db, this.deps.secrets, lineId), until: now + LINE_CACHE_MS };
      this.lines.set(lineId, cached);
      cached.line.catch(() => this.lines.delete(lineId));
    }
    const line = await cached.line;
    // The task's own company must own the line it dials through (a task never borrows another tenant's trunk).
    if (line.companyId !== companyId) throw new Error(`SIP line ${lineId} is not the task's company's`);
    return {
      id: lineId,
      username: line.sipUsername,
      password: line.password,
      domain: line.domain,
      port: line.port,
      capacity: { calls: line.concurrency, perSecond: line.cps },
    };
  }
}
