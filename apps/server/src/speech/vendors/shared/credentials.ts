import type { VendorDeps } from './deps.ts';
import { VendorError } from './vendor-error.ts';

/**
 * The credentials for one request: those passed with it (already unsealed by the caller), else the
 * company's stored ones. A missing required field is a `credentials` error naming the field, never
 * its value.
 */
export async function resolveCredentials(
  deps: VendorDeps,
  provider: string,
  given: Readonly<Record<string, string>> | undefined,
  required: readonly string[],
): Promise<Readonly<Record<string, string>>> {
  const found = given ?? (await deps.credentials(provider)) ?? {};
  const missing = required.filter((field) => !found[field]?.trim());
  if (missing.length) throw new VendorError('credentials', provider, `no ${missing.join(', ')} is stored for this provider`);
  return found;
}
