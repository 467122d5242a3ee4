// The CloudFront Function sends client-side routes to index.html and leaves files alone.
import { describe, expect, it } from 'vitest';
import { SPA_REWRITE_SOURCE } from './spa-rewrite.ts';

type Request = { uri: string };
const handler = new Function(`${SPA_REWRITE_SOURCE}\nreturn handler;`)() as (event: { request: Request }) => Request;
const rewrite = (uri: string) => handler({ request: { uri } }).uri;

describe('SPA rewrite', () => {
  it.each(['/', '/agents', '/Sales/LeadsForm', '/orders/123/'])('serves index.html for the client route %s', (uri) => {
    expect(rewrite(uri)).toBe('/index.html');
  });

  it.each(['/assets/index-3f2a.js', '/favicon.ico', '/index.html'])('serves the file %s as it is', (uri) => {
    expect(rewrite(uri)).toBe(uri);
  });
});
