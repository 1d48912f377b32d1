import { type MessageKey } from '@dialwise/contracts';
import { AppError } from '../http/app-error.ts';
import { assertOutboundUrl, OutboundRefused } from './outbound-guard.ts';

/**
 * Save-time check of a URL the server will call later (an LLM URL, a CUSTOM decryption API): an internal
 * address is refused with a clear 400 naming the field, instead of failing at dial time. The connection is
 * still checked when made (DNS may change in between).
 */
export async function checkOutboundField(url: string | null | undefined, path: 'url' | 'encryptionApiUrl'): Promise<void> {
  if (await outboundRefused(url)) throw AppError.onField(path, 'e.outbound.refused', { field: `f.${path}` satisfies MessageKey });
}

/**
 * True when the outbound guard will refuse to call this URL (the rule `e.outbound.refused` explains); false
 * for an empty value or one that is not a URL (the schema's own rule answers that).
 */
export async function outboundRefused(url: string | null | undefined): Promise<boolean> {
  if (!url) return false;
  try {
    await assertOutboundUrl(url);
    return false;
  } catch (error) {
    if (error instanceof OutboundRefused) return true;
    if (error instanceof TypeError) return false;
    throw error;
  }
}
