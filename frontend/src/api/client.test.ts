import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, fillPath, mustSignIn, sendToSignIn } from './client.ts';

const SIGNED_OUT = Symbol('signed out');

/** A client whose fetch answers with `answer` and whose sign-in redirect is recorded, not followed. */
function clientAnswering(answer: () => Promise<Response>) {
  const fetch = vi.fn((_url: string | URL | Request, _init?: RequestInit) => answer());
  const onSignInNeeded = vi.fn(() => Promise.reject(SIGNED_OUT) as Promise<never>);
  const callApi = createApiClient({ apiBaseUrl: '/api', fetch, onSignInNeeded });
  return { callApi, fetch, onSignInNeeded };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the sign-in decision', () => {
  it('sends the browser to sign-in on a 401, a 302 or a network failure, and not otherwise', () => {
    expect(mustSignIn({ kind: 'answer', status: 401, redirected: false }, 'session')).toBe(true);
    expect(mustSignIn({ kind: 'answer', status: 302, redirected: false }, 'session')).toBe(true);
    expect(mustSignIn({ kind: 'answer', status: 0, redirected: true }, 'session')).toBe(true);
    expect(mustSignIn({ kind: 'networkFailure' }, 'session')).toBe(true);
    for (const status of [200, 400, 403, 404, 500, 501])
      expect(mustSignIn({ kind: 'answer', status, redirected: false }, 'session')).toBe(false);
  });

  it('never sends a visitor of a public route to sign-in', () => {
    expect(mustSignIn({ kind: 'networkFailure' }, 'public')).toBe(false);
    expect(mustSignIn({ kind: 'answer', status: 401, redirected: false }, 'public')).toBe(false);
  });

  it('goes to the API host sign-in start page', () => {
    const location = { assign: vi.fn() };
    void sendToSignIn('/api', location);
    expect(location.assign).toHaveBeenCalledWith('/api/auth/signin');
  });
});

describe('the API client', () => {
  it('calls the manifest path with credentials and returns the checked JSON answer', async () => {
    const { callApi, fetch } = clientAnswering(async () => json(200, { Status: 'ok' }));
    const answer = await callApi('auth.health', { schema: z.object({ Status: z.string() }) });
    expect(answer).toEqual({ Status: 'ok' });
    expect(fetch).toHaveBeenCalledWith('/api/health', expect.objectContaining({ method: 'GET', credentials: 'include' }));
  });

  it("checks an answer against the route's contract when the caller names no schema", async () => {
    const good = clientAnswering(async () => json(200, { Status: 'ok' }));
    expect(await good.callApi('auth.health')).toEqual({ Status: 'ok' });
    const bad = clientAnswering(async () => json(200, { Status: 'fine' }));
    await expect(bad.callApi('auth.health')).rejects.toThrow();
  });

  it('fills and encodes path parameters and appends the query', async () => {
    const { callApi, fetch } = clientAnswering(async () => json(200, []));
    await callApi('address.cityZips', { params: { state: 'TX', name: 'San Antonio' }, query: { page: 2, sort: undefined } });
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/address/state/TX/city/San%20Antonio?page=2');
  });

  it('sends a JSON body with its content type', async () => {
    const { callApi, fetch } = clientAnswering(async () => json(201, {}));
    const body = { agentId: 'A1', type: 'CreditCardPayment' as const, amount: 50, referenceId: 'r1' };
    await callApi('account.creditDebit', { body, schema: z.unknown() });
    const init = fetch.mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  });

  it('leaves for sign-in on a 401 without resolving the call', async () => {
    const { callApi, onSignInNeeded } = clientAnswering(async () => json(401, { ErrorMessages: ['Not signed in'] }));
    await expect(callApi('me.get')).rejects.toBe(SIGNED_OUT);
    expect(onSignInNeeded).toHaveBeenCalledOnce();
  });

  it('leaves for sign-in when the network fails', async () => {
    const { callApi, onSignInNeeded } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callApi('me.get')).rejects.toBe(SIGNED_OUT);
    expect(onSignInNeeded).toHaveBeenCalledOnce();
  });

  it('reports a public route the network cannot reach as an ApiError with status 0', async () => {
    const { callApi, onSignInNeeded } = clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callApi('auth.health')).rejects.toMatchObject({ status: 0, message: 'The server could not be reached.' });
    expect(onSignInNeeded).not.toHaveBeenCalled();
  });

  it('does not treat a cancelled call as a lost connection', async () => {
    const abort = new AbortController();
    abort.abort();
    const { callApi, onSignInNeeded } = clientAnswering(() => Promise.reject(new DOMException('aborted', 'AbortError')));
    await expect(callApi('me.get', { signal: abort.signal })).rejects.toThrow('aborted');
    expect(onSignInNeeded).not.toHaveBeenCalled();
  });

  it('throws an ApiError with the status and the spec messages of a 400', async () => {
    const { callApi } = clientAnswering(async () => json(400, { ErrorMessages: ['Amount is required.'] }));
    const body = { agentId: 'A1', type: 'CreditCardPayment' as const, amount: 5, referenceId: 'r1' };
    const error = await callApi('account.creditDebit', { body }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, messages: ['Amount is required.'] });
  });

  it('treats a 200 answer carrying ErrorMessages as a failure', async () => {
    const { callApi } = clientAnswering(async () => json(200, { ErrorMessages: ['Invalid zip code'] }));
    await expect(callApi('me.get')).rejects.toMatchObject({ status: 200, messages: ['Invalid zip code'] });
  });

  it('throws an ApiError without messages when a failure has no JSON body', async () => {
    const { callApi } = clientAnswering(async () => new Response('Bad gateway', { status: 502 }));
    await expect(callApi('me.get')).rejects.toMatchObject({ status: 502, messages: [] });
  });
});

describe('path filling', () => {
  it('refuses a template whose parameter is missing', () => {
    expect(() => fillPath('/agent/{agentId}', {})).toThrow('Missing path parameter agentId');
  });
});
