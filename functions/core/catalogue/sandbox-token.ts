// Vendor sandbox tokens (issue 24): made like the real token (32 random bytes, shown once, stored only
// as its SHA-256 in the same VENDOR_TOKEN#{hash} keyspace) behind their own prefix, so neither kind can
// pass for the other: the vendor's item says which hash is its real token and which its sandbox token.
import { randomBytes } from 'node:crypto';
import { SANDBOX_TOKEN_PREFIX } from '#shared/sandbox.ts';

/** A new sandbox token: `lps_` and 43 base64url characters. */
export function newSandboxToken(): string {
  return `${SANDBOX_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}
