import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createLocalQueue, VISIBILITY_MS } from './local-queue.ts';

/** A consumer whose batches wait until the test lets them end, all reported done or all failed. */
function heldConsumer() {
  const batches: { bodies: string[]; end(failed?: boolean): void }[] = [];
  const consumer = (event: SQSEvent) =>
    new Promise<SQSBatchResponse>((resolve) => {
      batches.push({
        bodies: event.Records.map((r) => r.body),
        end: (failed = false) => resolve({ batchItemFailures: failed ? event.Records.map((r) => ({ itemIdentifier: r.messageId })) : [] }),
      });
    });
  return { batches, consumer };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the local delivery queue', () => {
  it('hands due messages to up to five batches of ten at once, and a poller whose batch ends takes the next', async () => {
    const { batches, consumer } = heldConsumer();
    const queue = createLocalQueue({ manual: true, now: () => 0, consumer });
    for (let i = 0; i < 65; i++) queue.send(`m${i}`, 0);
    const ticked = queue.tick();
    await flush();
    // Five pollers, ten messages each, oldest first; the other fifteen wait for a free poller.
    expect(batches.map((b) => b.bodies.length)).toEqual([10, 10, 10, 10, 10]);
    expect(batches[0]!.bodies[0]).toBe('m0');
    expect(queue.size).toBe(65);
    batches.forEach((b) => b.end());
    await flush();
    expect(batches.slice(5).map((b) => b.bodies.length)).toEqual([10, 5]);
    batches.slice(5).forEach((b) => b.end());
    expect(await ticked).toBeUndefined();
    expect(queue.size).toBe(0);
    expect(new Set(batches.flatMap((b) => b.bodies)).size).toBe(65);
  });

  it('gives a failed batch back after the visibility timeout, not before', async () => {
    let t = 0;
    const { batches, consumer } = heldConsumer();
    const queue = createLocalQueue({ manual: true, now: () => t, consumer });
    queue.send('once', 0);
    const first = queue.tick();
    await flush();
    batches[0]!.end(true);
    expect(await first).toBe(VISIBILITY_MS);
    t = VISIBILITY_MS - 1;
    expect(await queue.tick()).toBe(VISIBILITY_MS);
    expect(batches).toHaveLength(1);
    t = VISIBILITY_MS;
    const again = queue.tick();
    await flush();
    expect(batches.map((b) => b.bodies)).toEqual([['once'], ['once']]);
    batches[1]!.end();
    expect(await again).toBeUndefined();
  });
});
