import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterEach, describe, expect, it } from 'vitest';
import { eventBridgePublisher, eventPublisherFromEnv, fileEventPublisher, type DomainEvent, type PutEventsClient } from './events.ts';

const event = (n: number): DomainEvent => ({
  id: `e${n}`,
  source: 'leadportal.test',
  detailType: 'Tested',
  time: '2025-11-24T06:00:00.000Z',
  detail: { eventId: `e${n}`, n },
});

/** Answers like PutEvents; entries whose detail has n in `rejected` fail, and a call with `throwOn` throws. */
function fakeClient(opts: { rejected?: number[]; throwOn?: number } = {}) {
  const calls: PutEventsCommand['input'][] = [];
  const client: PutEventsClient = {
    async send(command) {
      calls.push(command.input);
      if (calls.length === opts.throwOn) throw Object.assign(new Error('down'), { name: 'ServiceUnavailable' });
      return {
        Entries: command.input.Entries!.map((e) =>
          opts.rejected?.includes((JSON.parse(e.Detail!) as { n: number }).n) ? { ErrorCode: 'ThrottlingException' } : { EventId: 'x' },
        ),
      };
    },
  };
  return { client, calls };
}

describe('eventBridgePublisher', () => {
  it('sends at most 10 entries per PutEvents call to the named bus', async () => {
    const { client, calls } = fakeClient();
    const result = await eventBridgePublisher('default', client).publish(Array.from({ length: 25 }, (_, i) => event(i)));

    expect(calls.map((c) => c.Entries!.length)).toEqual([10, 10, 5]);
    expect(calls[0]!.Entries![0]).toMatchObject({ EventBusName: 'default', Source: 'leadportal.test', DetailType: 'Tested', Detail: '{"eventId":"e0","n":0}' });
    expect(result).toEqual({ published: Array.from({ length: 25 }, (_, i) => `e${i}`), failed: [] });
  });

  it('reports the entries PutEvents rejected and a call that threw as failed', async () => {
    const { client } = fakeClient({ rejected: [3], throwOn: 2 });
    const result = await eventBridgePublisher('default', client).publish(Array.from({ length: 12 }, (_, i) => event(i)));

    expect(result.failed).toEqual([
      { id: 'e3', reason: 'ThrottlingException' },
      { id: 'e10', reason: 'ServiceUnavailable' },
      { id: 'e11', reason: 'ServiceUnavailable' },
    ]);
    expect(result.published).toHaveLength(9);
  });
});

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('fileEventPublisher', () => {
  it('appends one EventBridge-shaped JSON line per event to {source}.jsonl, creating the directory', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'events-test-'));
    const publisher = fileEventPublisher(path.join(dir, 'events'));
    await publisher.publish([event(1)]);
    const result = await publisher.publish([event(2), event(3)]);

    expect(result).toEqual({ published: ['e2', 'e3'], failed: [] });
    const lines = (await readFile(path.join(dir, 'events', 'leadportal.test.jsonl'), 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.id)).toEqual(['e1', 'e2', 'e3']);
    expect(lines[0]).toMatchObject({ 'detail-type': 'Tested', source: 'leadportal.test', time: '2025-11-24T06:00:00.000Z', detail: { n: 1 } });
  });
});

describe('eventPublisherFromEnv', () => {
  it('refuses to start without EVENT_BUS_NAME or LOCAL_EVENTS_DIR', () => {
    expect(() => eventPublisherFromEnv({})).toThrow('Set EVENT_BUS_NAME (AWS) or LOCAL_EVENTS_DIR (local stack)');
  });

  it('publishes to the local directory when only LOCAL_EVENTS_DIR is set', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'events-test-'));
    await eventPublisherFromEnv({ LOCAL_EVENTS_DIR: dir }).publish([event(7)]);
    expect(await readFile(path.join(dir, 'leadportal.test.jsonl'), 'utf8')).toContain('"id":"e7"');
  });
});
