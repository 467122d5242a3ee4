import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptableCorrelationId, addLogKeys, createLogger, invocationScope, withLogScope } from './logger.ts';

const captured = () => {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
  return lines;
};

describe('logger', () => {
  afterEach(() => vi.restoreAllMocks());

  it("puts the invocation's request id, cold start, correlation id, route id and agent id on every line", async () => {
    const lines = captured();
    const log = createLogger({ format: 'json', level: 'INFO' });
    await withLogScope(invocationScope({ awsRequestId: 'req-1' }, { correlationId: 'corr-1', routeId: 'account.transfer' }), async () => {
      addLogKeys({ agentId: 'A-7' });
      await Promise.resolve();
      log.info('Transfer made', { amountCents: 500 });
    });
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'INFO', message: 'Transfer made', service: 'leadportal', requestId: 'req-1', coldStart: expect.any(Boolean),
      correlationId: 'corr-1', routeId: 'account.transfer', agentId: 'A-7', amountCents: 500,
    });
  });

  it('keeps the keys of two invocations served side by side apart', async () => {
    const lines = captured();
    const log = createLogger({ format: 'json', level: 'INFO' });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = withLogScope({ correlationId: 'first' }, async () => {
      await gate;
      log.info('one');
    });
    await withLogScope({ correlationId: 'second' }, async () => log.info('two'));
    release();
    await first;
    expect(lines.map((l) => JSON.parse(l) as { message: string; correlationId: string }).map((l) => `${l.message}:${l.correlationId}`)).toEqual(['two:second', 'one:first']);
  });

  it('prints nothing below its level', () => {
    const lines = captured();
    const log = createLogger({ format: 'pretty', level: 'WARN' });
    log.info('quiet');
    log.debug('quieter');
    log.warn('heard');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN +heard$/);
  });

  it('takes a caller-sent correlation id only when it is short and plain', () => {
    expect(acceptableCorrelationId('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    expect(acceptableCorrelationId('a b')).toBeUndefined();
    expect(acceptableCorrelationId('x'.repeat(129))).toBeUndefined();
    expect(acceptableCorrelationId('line\nforged')).toBeUndefined();
  });
});
