// The local projector (infra/local/projector.ts) against DynamoDB Local's stream of this file's table:
// every record reaches the views once and in order; a record a view fails on is delivered again with
// the ones after it (never the ones before), set aside after MAX_ATTEMPTS, and a restart with a
// checkpoint goes on after the last applied record.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { MAX_ATTEMPTS, startLocalProjector, type LocalProjector } from '../../infra/local/projector.ts';
import { testDynamoEndpoint, useTestTable } from '../support/test-table.ts';

const table = useTestTable({ stream: true });
const { batchPut } = await import('#platform/db.ts');
const putItem = (item: Record<string, unknown>) => batchPut([item]);
const { project } = await import('#core/views/projector.ts');
const { rebuildViews, viewsNamed } = await import('#core/views/rebuild.ts');

let running: LocalProjector[] = [];
// The failures these tests cause on purpose are logged as errors; keep them out of the run's output.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(async () => {
  vi.restoreAllMocks();
  for (const p of running) await p.stop();
  running = [];
});

/** Starts a projector whose only view records the pk of each INSERT under `prefix` (and may fail on some). */
async function projectorWith(prefix: string, fails: (pk: string, attempt: number) => boolean, checkpointFile?: string, more: { idleMs?: number; onHandled?: () => void } = {}) {
  const applied: string[] = [];
  const attempts = new Map<string, number>();
  const view = {
    name: 'test',
    sources: ['Test'],
    async apply(record: { eventName: string; keys: { pk: string } }) {
      if (record.eventName !== 'INSERT' || !record.keys.pk.startsWith(prefix)) return;
      const n = (attempts.get(record.keys.pk) ?? 0) + 1;
      attempts.set(record.keys.pk, n);
      if (fails(record.keys.pk, n)) throw new Error(`fails on ${record.keys.pk}`);
      applied.push(record.keys.pk);
    },
  };
  const handler = async (event: DynamoDBStreamEvent) => {
    const { failedSequenceNumber } = await project(event.Records, [view]);
    return { batchItemFailures: failedSequenceNumber ? [{ itemIdentifier: failedSequenceNumber }] : [] };
  };
  const projector = await startLocalProjector({ endpoint: testDynamoEndpoint(), tableName: table.name, handler, checkpointFile, idleMs: 20, ...more });
  running.push(projector);
  return { projector, applied, attempts };
}

const write = async (prefix: string, n: number) => {
  for (let i = 1; i <= n; i++) await putItem({ pk: `${prefix}${i}`, sk: 'X', entity: 'Test' });
};

describe('the local projector', () => {
  it('hands every record to the views once, in the order of the writes', async () => {
    const { projector, applied } = await projectorWith('ORDER#', () => false);
    await write('ORDER#', 12);
    await projector.settled();
    expect(applied).toEqual(Array.from({ length: 12 }, (_v, i) => `ORDER#${i + 1}`));
    // Each record's lag, from its write (the stream's creation time, whole seconds in DynamoDB Local) to its application.
    expect(projector.lags.length).toBeGreaterThanOrEqual(12);
    for (const lag of projector.lags) expect(lag).toBeGreaterThan(-1_000);
  });

  it('polls at once when nudged, without waiting out its idle pause, and says when a round reached the handler', async () => {
    let handled = 0;
    // An idle pause of an hour: only the nudge can bring the record in while the test waits.
    const { projector, applied } = await projectorWith('NUDGE#', () => false, undefined, { idleMs: 3_600_000, onHandled: () => handled++ });
    await projector.settled();
    const before = handled;
    await write('NUDGE#', 1);
    projector.nudge();
    await vi.waitFor(() => expect(applied).toEqual(['NUDGE#1']), { timeout: 60_000, interval: 20 });
    expect(handled).toBeGreaterThan(before);
  });

  it('delivers a record a view failed on again, with the records after it and none before', async () => {
    const { projector, applied, attempts } = await projectorWith('RETRY#', (pk, n) => pk === 'RETRY#3' && n <= 2);
    await write('RETRY#', 5);
    await projector.settled();
    expect(applied).toEqual(['RETRY#1', 'RETRY#2', 'RETRY#3', 'RETRY#4', 'RETRY#5']);
    expect(Object.fromEntries(attempts)).toEqual({ 'RETRY#1': 1, 'RETRY#2': 1, 'RETRY#3': 3, 'RETRY#4': 1, 'RETRY#5': 1 });
  });

  it(`sets a record aside after ${MAX_ATTEMPTS} failed deliveries, writes it to the failures file and goes on`, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'projector-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const { projector, applied, attempts } = await projectorWith('POISON#', (pk) => pk === 'POISON#2', path.join(dir, 'checkpoints.json'));
    await write('POISON#', 3);
    await projector.settled();
    expect(applied).toEqual(['POISON#1', 'POISON#3']);
    expect(attempts.get('POISON#2')).toBe(MAX_ATTEMPTS);
    const failures = readFileSync(path.join(dir, 'failures.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { keys: { pk: { S: string } } });
    expect(failures.map((f) => f.keys.pk.S)).toEqual(['POISON#2']);
    // Started again from its checkpoint, it does not go back to the record it set aside.
    await projector.stop();
    const again = await projectorWith('POISON#', () => false, path.join(dir, 'checkpoints.json'));
    await again.projector.settled();
    expect(again.applied).toEqual([]);
  });

  it('goes on after the last applied record when started again with its checkpoint file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'projector-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const checkpoints = path.join(dir, 'checkpoints.json');
    const first = await projectorWith('RESTART#', () => false, checkpoints);
    await write('RESTART#', 3);
    await first.projector.settled();
    await first.projector.stop();
    await putItem({ pk: 'RESTART#4', sk: 'X', entity: 'Test' });
    const second = await projectorWith('RESTART#', () => false, checkpoints);
    await second.projector.settled();
    expect(first.applied).toEqual(['RESTART#1', 'RESTART#2', 'RESTART#3']);
    expect(second.applied).toEqual(['RESTART#4']);
  });
});

describe('npm run rebuild', () => {
  it("puts every stored fact of a view's sources through it again, and only those", async () => {
    await write('REBUILD#', 3);
    await putItem({ pk: 'REBUILD#other', sk: 'X', entity: 'Other' });
    const seen: string[] = [];
    const view = { name: 'test', sources: ['Test'], apply: async (r: { eventName: string; keys: { pk: string } }) => void (r.eventName === 'INSERT' && r.keys.pk.startsWith('REBUILD#') && seen.push(r.keys.pk)) };
    const summary = await rebuildViews([view]);
    expect(seen.sort()).toEqual(['REBUILD#1', 'REBUILD#2', 'REBUILD#3']);
    expect(summary.views).toEqual(['test']);
  });

  it('names the views it knows when asked for one it does not', () => {
    const names = ['lead-events', 'prostore-events', 'directory', 'performance', 'insights', 'routing-counts', 'intake-rate', 'day-sums', 'balance-crossings', 'ledger-history', 'open-orders', 'candidates', 'catalogue', 'internal-lead-days', 'vendor-days', 'notifications', 'webhook-deliveries', 'alert-delivery'];
    expect(() => viewsNamed(['nope'])).toThrow(`No view named nope. Views: ${names.join(', ')}, or all.`);
    expect(viewsNamed(['all']).map((v) => v.name)).toEqual(names);
    expect(viewsNamed(['directory', 'day-sums']).map((v) => v.name)).toEqual(['directory', 'day-sums']);
  });
});
