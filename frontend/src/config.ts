// The frontend's configuration: the VITE_* variables, checked with zod once at start so a bad value
// stops the app with a clear message instead of failing on the first call that uses it.
import { z } from 'zod';

const schema = z.object({
  /** Shown in the top bar and the page title (the spec's "product name slot"). */
  VITE_PRODUCT_NAME: z.string().trim().min(1).default('Lead Portal'),
  /**
   * Where the API lives (spec part 1 §7: "the API host from configuration, path prefix /api").
   * The same-origin `/api` keeps the session cookie first-party, locally and behind CloudFront.
   */
  VITE_API_BASE_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)\S*[^/]$/, 'must be a path like /api or an http(s) URL, without a trailing slash')
    .default('/api'),
});

export interface FrontendConfig {
  productName: string;
  apiBaseUrl: string;
}

/** Parse the VITE_* variables; throws naming every bad variable. */
export function parseConfig(env: Record<string, unknown>): FrontendConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ');
    throw new Error(`Invalid frontend configuration: ${problems}`);
  }
  return { productName: parsed.data.VITE_PRODUCT_NAME, apiBaseUrl: parsed.data.VITE_API_BASE_URL };
}

export const config = parseConfig(import.meta.env);
