// A curl line for a vendor call of the API reference, against the site the page is served from:
// the operation's example body (shared/api/intake.ts), with the vendor's campaign code when known and
// a consent time of now (the intake refuses one over a year old), and the token to send (the sandbox
// token's placeholder unless given), so a vendor can paste it and see what would happen.
import type { Operation } from './openapi-document.ts';

export interface CurlOptions {
  /** The API's base URL, e.g. https://portal.example.com/api. */
  baseUrl: string;
  /** The token to send; default a placeholder naming the sandbox token. */
  token?: string;
  /** A campaign code of the vendor's, in place of the example's. */
  campaignCode?: string;
  now?: Date;
}

export const SANDBOX_TOKEN_PLACEHOLDER = 'YOUR_SANDBOX_TOKEN';

/** The example body with the vendor's campaign and a current consent time. */
export function exampleBody(operation: Operation['operation'], options: Pick<CurlOptions, 'campaignCode' | 'now'> = {}): Record<string, unknown> | undefined {
  const example = operation.requestBody?.content['application/json']?.schema.examples?.[0];
  if (!example || typeof example !== 'object') return undefined;
  const body = structuredClone(example) as Record<string, unknown>;
  if (options.campaignCode && 'CampaignCode' in body) body.CampaignCode = options.campaignCode;
  const consent = body.Consent as Record<string, unknown> | undefined;
  if (consent && 'Timestamp' in consent) consent.Timestamp = (options.now ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return body;
}

/** The curl line, or none when the call takes no vendor token or has no example. */
export function curlExample({ method, path, operation }: Operation, options: CurlOptions): string | undefined {
  const vendorCall = operation.security.some((s) => 'vendorToken' in s || 'vendorSandboxToken' in s);
  if (!vendorCall) return undefined;
  const body = exampleBody(operation, options);
  const lines = [`curl -s -X ${method} ${options.baseUrl}${path}`, `  -H 'Authorization: Bearer ${options.token ?? SANDBOX_TOKEN_PLACEHOLDER}'`];
  if (body) lines.push(`  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
  return lines.join(' \\\n');
}
