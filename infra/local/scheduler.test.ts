import { EventEmitter } from 'node:events';
import type { S3Event } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import sampleS3 from '#events/samples/s3-put.json' with { type: 'json' };
import type * as jobs from './jobs.ts';
import { invokeJob } from './jobs.ts';
import { startScheduler as startLocalScheduler } from './scheduler.ts';

vi.mock('./jobs.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof jobs>()),
  invokeJob: vi.fn(async (job: string) => ({ job, ms: 1, error: new Error(`Job ${job} is not implemented yet`) })),
}));

const FRIDAY = new Date('2025-11-21T10:00:00Z');
const HOUR = 3_600_000;
/** The calls of one job (the lead retry job fires every minute beside the others). */
const callsOf = (job: string) => vi.mocked(invokeJob).mock.calls.filter(([name]) => name === job);

function uploadsBucket() {
  const emitter = new EventEmitter();
  return {
    bucket: 'uploads',
    onObjectEvent: (listener: (e: S3Event) => void) => emitter.on('event', listener),
    emit: (key: string, eventName = 'ObjectCreated:Put', bucket = 'uploads') => {
      const event = structuredClone(sampleS3) as S3Event;
      Object.assign(event.Records[0]!, { eventName });
      Object.assign(event.Records[0]!.s3.bucket, { name: bucket });
      Object.assign(event.Records[0]!.s3.object, { key });
      emitter.emit('event', event);
      return event;
    },
  };
}

/** The schedulers a test started: stopped after it even when it failed, so none fires into the next test. */
const started: { stop(): void }[] = [];
const startScheduler = (...args: Parameters<typeof startLocalScheduler>) => {
  const scheduler = startLocalScheduler(...args);
  started.push(scheduler);
  return scheduler;
};

describe('local scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: FRIDAY });
    vi.mocked(invokeJob).mockClear();
  });
  afterEach(() => {
    for (const scheduler of started.splice(0)) scheduler.stop();
    vi.useRealTimers();
  });

  it('fires the Pro Store job at its next Monday 06:00 UTC with a scheduled event, and again a week later', async () => {
    const lines: string[] = [];
    const scheduler = startScheduler({ log: (l) => lines.push(l) });
    expect(scheduler.plan).toContain('prostore next at 2025-11-24T06:00:00.000Z');

    await vi.advanceTimersByTimeAsync(67 * HOUR);
    expect(callsOf('prostore')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1 * HOUR);
    expect(callsOf('prostore')).toEqual([['prostore', expect.objectContaining({ 'detail-type': 'Scheduled Event', source: 'aws.events', time: '2025-11-24T06:00:00Z' })]]);

    await vi.advanceTimersByTimeAsync(7 * 24 * HOUR);
    expect(callsOf('prostore')).toHaveLength(2);
    scheduler.stop();
    // Nine days of a job every minute: about 13,000 runs of the timers (1.8 s on an idle machine, over
    // 5 s beside the browser tests in CI).
  }, 30_000);

  it('logs a failing job and keeps its schedule', async () => {
    const lines: string[] = [];
    const scheduler = startScheduler({ log: (l) => lines.push(l) });
    await vi.advanceTimersByTimeAsync(68 * HOUR);
    expect(lines.filter((l) => l.includes('prostore'))).toEqual(['scheduler: prostore failed after 1 ms: Job prostore is not implemented yet']);
    // One timer per scheduled job (prostore, leadRetry, leadRetention, balanceAlerts, alertQueue), each armed again after it fired.
    expect(vi.getTimerCount()).toBe(5);
    scheduler.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fires the lead retry job every minute and the retention job daily at 07:30 UTC', async () => {
    const scheduler = startScheduler({ log: () => undefined });
    expect(scheduler.plan).toContain('leadRetry next at 2025-11-21T10:01:00.000Z');
    expect(scheduler.plan).toContain('leadRetention next at 2025-11-22T07:30:00.000Z');
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(callsOf('leadRetry')).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(22 * HOUR);
    expect(callsOf('leadRetention')).toHaveLength(1);
    scheduler.stop();
  });

  it('logs no line for a run that answered nothing (a lead retry run with nothing due)', async () => {
    const failing = vi.mocked(invokeJob).getMockImplementation()!;
    vi.mocked(invokeJob).mockImplementation(async (job) => ({ job, ms: 1 }));
    const lines: string[] = [];
    const scheduler = startScheduler({ log: (l) => lines.push(l) });
    await vi.advanceTimersByTimeAsync(2 * 60_000);
    expect(callsOf('leadRetry')).toHaveLength(2);
    expect(lines).toEqual([]);
    scheduler.stop();
    vi.mocked(invokeJob).mockImplementation(failing);
  });

  it('runs CSV processing with the S3 notification when a file is created under incoming/ in the uploads bucket', async () => {
    const uploads = uploadsBucket();
    const scheduler = startScheduler({ log: () => undefined, uploads });
    expect(scheduler.plan).toContain('csvProcess on new files in uploads/incoming/');

    const event = uploads.emit('incoming/agents+2025.csv');
    uploads.emit('reports/result.csv');
    uploads.emit('incoming/old.csv', 'ObjectRemoved:Delete');
    uploads.emit('incoming/other.csv', 'ObjectCreated:Put', 'exports');
    await vi.advanceTimersByTimeAsync(0);

    expect(vi.mocked(invokeJob).mock.calls).toEqual([['csvProcess', event]]);
    scheduler.stop();
  });

  it('invokes a failed CSV run again a minute and then two minutes later, as Lambda retries an event, and no more', async () => {
    const uploads = uploadsBucket();
    const lines: string[] = [];
    const scheduler = startScheduler({ log: (l) => lines.push(l), uploads });

    const event = uploads.emit('incoming/transaction/u1/agents.csv');
    await vi.advanceTimersByTimeAsync(59_999);
    expect(callsOf('csvProcess')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(callsOf('csvProcess')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(120_000);
    await vi.advanceTimersByTimeAsync(10 * 60_000);

    expect(callsOf('csvProcess')).toEqual([['csvProcess', event], ['csvProcess', event], ['csvProcess', event]]);
    expect(lines.filter((l) => l.includes('csvProcess'))).toEqual([
      'scheduler: csvProcess failed after 1 ms: Job csvProcess is not implemented yet; retried in 60 s',
      'scheduler: csvProcess failed after 1 ms: Job csvProcess is not implemented yet; retried in 120 s',
      'scheduler: csvProcess failed after 1 ms: Job csvProcess is not implemented yet',
    ]);
    scheduler.stop();
  });

  it('stops retrying a CSV run once a retry succeeds, and drops a pending retry when stopped', async () => {
    const failing = vi.mocked(invokeJob).getMockImplementation()!;
    vi.mocked(invokeJob).mockImplementationOnce(failing).mockImplementationOnce(async (job) => ({ job, ms: 1, result: [] }));
    const uploads = uploadsBucket();
    const scheduler = startScheduler({ log: () => undefined, uploads, retryDelaysMs: [1_000, 2_000] });

    uploads.emit('incoming/transaction/u1/agents.csv');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callsOf('csvProcess')).toHaveLength(2);

    uploads.emit('incoming/transaction/u2/agents.csv');
    await vi.advanceTimersByTimeAsync(0);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(callsOf('csvProcess')).toHaveLength(3);
  });

  it('runs the agent export job when a request object is created under export-requests/, and only that job', async () => {
    const uploads = uploadsBucket();
    const scheduler = startScheduler({ log: () => undefined, uploads });
    expect(scheduler.plan).toContain('agentExport on new files in uploads/export-requests/');

    const event = uploads.emit('export-requests/0f1e.json');
    uploads.emit('export-requests/other.json', 'ObjectCreated:Put', 'exports');
    await vi.advanceTimersByTimeAsync(0);

    expect(vi.mocked(invokeJob).mock.calls).toEqual([['agentExport', event]]);
    scheduler.stop();
  });
});
