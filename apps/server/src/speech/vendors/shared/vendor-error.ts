/**
 * Why a vendor engine failed, so the caller can choose: `auth` and `credentials` need an operator
 * (wrong or missing key), `disconnected`, `network` and `vendor` are worth a fallback to the offline
 * engine for the rest of the sentence, `protocol` means the vendor answered something we cannot read.
 */
export type VendorFailure = 'credentials' | 'auth' | 'network' | 'disconnected' | 'vendor' | 'protocol';

export class VendorError extends Error {
  constructor(
    readonly failure: VendorFailure,
    readonly provider: string,
    message: string,
    /** The vendor's own status or error code, when it sent one. */
    readonly vendorCode: string | number | null = null,
  ) {
    super(`${provider}: ${message}`);
    this.name = 'VendorError';
  }
}

/** HTTP statuses a vendor uses to refuse credentials. */
export function isAuthStatus(status: number): boolean {
  return status === 401 || status === 403;
}
