// The header CloudFront adds to every request it forwards to the API, carrying a secret only
// CloudFront and the API's authorizer know: the HTTP API has no resource policy, so this header is
// what keeps callers from reaching the API around CloudFront (and its headers, logging and limits).
import { timingSafeEqual } from 'node:crypto';

export const ORIGIN_HEADER = 'x-origin-verify';

/** Constant-time comparison, so the secret cannot be guessed byte by byte from response times. */
export function originHeaderMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined || expected.length === 0) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
