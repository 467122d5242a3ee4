// The local API gateway against the real area handlers and the test table: routing by the manifest,
// API Gateway's own answers, and the handlers' answers passed through unchanged.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startGateway, type Gateway } from '../../infra/local/gateway.ts';
import { useTestTable } from '../support/test-table.ts';

useTestTable();

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway({ port: 0 });
  gateway.mount('/local/sandbox', (_req, res) => res.end('sandbox'));
});
afterAll(() => gateway.stop());

const call = (path: string, init?: RequestInit) => fetch(`${gateway.url}${path}`, init);

describe('local API gateway', () => {
  it('answers GET /api/health from the auth handler', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ Status: 'ok' });
  });

  it('refuses a session route without a session cookie with 401', async () => {
    const res = await call('/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ ErrorMessages: ['Not signed in'] });
  });

  it('answers a public route whose handler is not built yet with 501', async () => {
    // Which routes are unbuilt changes as features land; ask the same source `npm run routes` uses.
    const { routeStates } = await import('../../infra/local/routes.ts');
    const unbuilt = (await routeStates()).find(({ route, built }) => !built && route.auth === 'public' && !route.path.includes('{'));
    const route = unbuilt?.route ?? { method: 'POST', path: '/sales/lead' };
    const res = await call(`/api${route.path}`, { method: route.method, headers: { 'content-type': 'application/json' }, body: route.method === 'GET' ? undefined : '{}' });
    if (!unbuilt) return expect(res.status).not.toBe(501);
    expect(res.status).toBe(501);
    expect(await res.json()).toEqual({ ErrorMessages: ['Not implemented'] });
  });

  it('answers a path outside the manifest with API Gateway’s 404', async () => {
    for (const path of ['/api/nowhere', '/api/health/extra', '/elsewhere']) {
      const res = await call(path);
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ message: 'Not Found' });
    }
  });

  it('answers a known path with a method the manifest does not list with 404', async () => {
    const res = await call('/api/health', { method: 'DELETE' });
    expect(res.status).toBe(404);
  });

  it('hands requests under a mounted prefix to the mounted listener', async () => {
    const res = await call('/local/sandbox/pay');
    expect(await res.text()).toBe('sandbox');
  });
});

describe('local API gateway when a handler crashes', () => {
  it('answers 500 like API Gateway and logs the error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const crashing = await startGateway({
      port: 0,
      loadArea: async () => async () => {
        throw new Error('boom');
      },
    });
    try {
      const res = await fetch(`${crashing.url}/api/health`);
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ message: 'Internal Server Error' });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('GET /api/health crashed'), expect.any(Error));
    } finally {
      errors.mockRestore();
      await crashing.stop();
    }
  });
});
