import type { Context } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import { ValidationFailed } from './errors.ts';
import { emfOf } from './emf-capture.ts';
import { areaHandler, ok, route, type ApiEvent, type Gatekeeper } from './http.ts';

const everyone: Gatekeeper = { authenticate: async () => undefined, authorize: async () => undefined, authorizeOwner: async () => undefined };
const event = (routeKey: string, headers: Record<string, string> = {}): ApiEvent =>
  ({ version: '2.0', routeKey, rawPath: '/api/health', rawQueryString: '', headers, isBase64Encoded: false, requestContext: { requestId: 'api-req-1', http: { method: 'GET', path: '/api/health' } } }) as unknown as ApiEvent;

describe('route metrics', () => {
  it("emits the route's latency and a 0 for 4xx and 5xx on a success, under the LeadPortal namespace", async () => {
    const health = areaHandler('auth', { 'auth.health': route('auth.health', { handle: async () => ok({ Status: 'ok' as const }) }) }, () => everyone);
    const [line, ...more] = await emfOf(() => health(event('GET /api/health'), {} as Context));
    expect(more).toEqual([]);
    const directive = line!._aws.CloudWatchMetrics[0]!;
    expect(directive.Namespace).toBe('LeadPortal');
    expect(directive.Dimensions).toEqual([expect.arrayContaining(['service', 'Route'])]);
    expect(directive.Metrics.map((m) => m.Name).sort()).toEqual(['Route4xx', 'Route5xx', 'RouteLatency']);
    expect(line).toMatchObject({ Route: 'auth.health', Route4xx: 0, Route5xx: 0 });
    expect(line!.RouteLatency).toBeGreaterThanOrEqual(0);
  });

  it('counts a refused request as a 4xx and a crash as a 5xx of its route', async () => {
    const refusing = areaHandler('auth', { 'auth.health': route('auth.health', { handle: async () => Promise.reject(new ValidationFailed('no')) }) }, () => everyone);
    const crashing = areaHandler('auth', { 'auth.health': route('auth.health', { handle: async () => Promise.reject(new Error('boom')) }) }, () => everyone);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const [refused] = await emfOf(() => refusing(event('GET /api/health'), {} as Context));
    const [crashed] = await emfOf(() => crashing(event('GET /api/health'), {} as Context));
    vi.mocked(console.error).mockRestore();
    expect(refused).toMatchObject({ Route: 'auth.health', Route4xx: 1, Route5xx: 0 });
    expect(crashed).toMatchObject({ Route: 'auth.health', Route4xx: 0, Route5xx: 1 });
  });

  it('prints no metric when metrics are off (the local stack and tests by default)', async () => {
    const health = areaHandler('auth', { 'auth.health': route('auth.health', { handle: async () => ok({ Status: 'ok' as const }) }) }, () => everyone);
    expect(await emfOf(() => health(event('GET /api/health'), {} as Context), false)).toEqual([]);
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    expect(await emfOf(() => health(event('GET /api/health'), {} as Context), false)).toEqual([]);
    vi.unstubAllEnvs();
  });
});

describe('correlation id', () => {
  it("answers with the caller's x-correlation-id, or else API Gateway's request id", async () => {
    const health = areaHandler('auth', { 'auth.health': route('auth.health', { handle: async () => ok({ Status: 'ok' as const }) }) }, () => everyone);
    expect((await health(event('GET /api/health', { 'x-correlation-id': 'support-42' }), {} as Context)).headers!['x-correlation-id']).toBe('support-42');
    expect((await health(event('GET /api/health'), {} as Context)).headers!['x-correlation-id']).toBe('api-req-1');
    expect((await health(event('GET /api/health', { 'x-correlation-id': 'bad id\n' }), {} as Context)).headers!['x-correlation-id']).toBe('api-req-1');
  });
});
