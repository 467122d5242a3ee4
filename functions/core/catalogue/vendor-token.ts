// Vendor API tokens: made here, shown once, stored only as their SHA-256 (VENDOR_TOKEN#{hash}) with the
// vendor keeping the last four characters. `vendorForToken` is how the vendor lead-posting API
// (intake, a later issue) authenticates a request: one GetItem on the hash, then the vendor.
import { createHash, randomBytes } from 'node:crypto';
import { VENDOR_TOKEN_PATTERN } from '#shared/vendors.ts';
import { Vendor } from '#entities/vendor.ts';
import { VendorToken } from '#entities/vendor-token.ts';

const TOKEN_PREFIX = 'lpv_';

/** A new token: 32 random bytes, base64url, behind a prefix that says what it is (secret scanners key on it). */
export function newVendorToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** The stored form of a token: hex SHA-256. A token has 256 random bits, so no salt or slow hash is needed. */
export function hashVendorToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export const lastFourOf = (token: string) => token.slice(-4);

/**
 * The vendor a token belongs to, or undefined when the token is malformed, unknown (never issued or
 * rotated away), or its vendor is inactive or archived: an intake call with such a token is refused.
 */
export async function vendorForToken(token: string): Promise<Vendor | undefined> {
  if (!VENDOR_TOKEN_PATTERN.test(token)) return undefined;
  const record = await VendorToken.get({ tokenHash: hashVendorToken(token) });
  if (!record) return undefined;
  const vendor = await Vendor.get({ vendorId: record.vendorId });
  if (!vendor || vendor.tokenHash !== record.tokenHash || vendor.status !== 1 || vendor.archived) return undefined;
  return vendor;
}
