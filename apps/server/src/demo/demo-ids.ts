import type { SecretBox } from '../secrets/secret-box.ts';

/** What the areas' demo seeds build on (each takes the part it needs): the demo companies and accounts, and shared helpers. */
export interface DemoIds {
  providerId: string;
  customerId: string;
  adminId: string;
  devId: string;
  agentId: string;
  /** The demo password's argon2 hash, so more demo accounts cost no more hashing. */
  passwordHash: string;
  /** Seals demo secrets (SIP passwords) with the server's key. */
  secrets: SecretBox;
}
