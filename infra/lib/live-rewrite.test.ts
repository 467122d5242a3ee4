// The CloudFront Function sends the live socket's path to the root of the WebSocket stage and nothing else.
import { describe, expect, it } from 'vitest';
import { LIVE_PATH } from '#shared/api/notifications.ts';
import { LIVE_REWRITE_SOURCE } from './live-rewrite.ts';

type Request = { uri: string; querystring?: Record<string, { value: string }> };
const handler = new Function(`${LIVE_REWRITE_SOURCE}\nreturn handler;`)() as (event: { request: Request }) => Request;

describe('live socket rewrite', () => {
  it('sends /api/live to the stage root, which the origin path /{stage} turns into /{stage}/', () => {
    expect(LIVE_PATH).toBe('/api/live');
    expect(handler({ request: { uri: '/api/live' } }).uri).toBe('/');
  });

  it('keeps the query string as it came', () => {
    const querystring = { v: { value: '1' } };
    expect(handler({ request: { uri: '/api/live', querystring } })).toEqual({ uri: '/', querystring });
  });

  it.each(['/api/live/', '/api/lives', '/api/me'])('leaves %s alone (the behavior never sends it here)', (uri) => {
    expect(handler({ request: { uri } }).uri).toBe(uri);
  });
});
