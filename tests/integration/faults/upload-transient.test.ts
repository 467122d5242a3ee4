// A transient fault inside a CSV upload's run (a row's ledger transaction throttled once the SDK's
// retries are spent) does not fail the upload: the run lets go of its claim and its invocation fails,
// and Lambda's retry of the S3 event (locally, the scheduler's) finishes the file with every row's
// money moved exactly once. A genuine error (a bug in a processor) still fails the upload as before.
// Against DynamoDB Local and s3rver, through the job's handler as the local stack invokes it.
process.env.FAULT_INJECTION = 'on';
import type { S3Event } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { UploadStatusDto } from '#shared/api/uploads.ts';
import { useApiHarness, type Session } from '../../support/api-harness.ts';
import { moneyFacts, newAgent, sendTransactionsFile, type SentFile } from './fault-agents.ts';

const api = useApiHarness();
const { invokeJob, s3PutEvent } = await import('../../../infra/local/jobs.ts');
const { startScheduler } = await import('../../../infra/local/scheduler.ts');
const { clearFaults, injectFault } = await import('#platform/faults.ts');
const { Upload } = await import('#entities/upload.ts');
const { PROCESSORS } = await import('#core/uploads/processors.ts');
const { uploadMessages } = await import('#core/uploads/process-upload.ts');

const run = Date.now().toString(36).toUpperCase();
let files = 0;

/** Three agents with $50 each, and a file of six credits, two to each: 10+1, 20+2, 30+3 dollars. */
async function sixCredits(admin: Session): Promise<{ agents: string[]; sent: SentFile }> {
  const agents: string[] = [];
  for (let i = 0; i < 3; i++) agents.push((await newAgent(api, 'T', { balanceCents: 5_000 })).agentId);
  const n = files++;
  const rows = agents.flatMap((agentId, i) => [`TX-${run}-${n}-${i}a,${agentId},${(i + 1) * 10},Credit,LeadCredit`, `TX-${run}-${n}-${i}b,${agentId},${i + 1},Credit,LeadCredit`]);
  const csv = ['TransactionID,AgentCode,Amount,Description,TransactionType', ...rows].join('\n');
  return { agents, sent: await sendTransactionsFile(api, admin, 'credits.csv', csv) };
}

/** Each agent's two credits applied once: $50 + 11, 22, 33 dollars, in three rows. */
async function appliedOnce(agents: string[]): Promise<string[]> {
  const expected = [6_100, 7_200, 8_300];
  return (await Promise.all(agents.map((agentId, i) => moneyFacts(agentId, expected[i]!, ['CreditCardPayment', 'LeadCredit', 'LeadCredit'])))).flat();
}

const eventOf = ({ object }: SentFile) => s3PutEvent({ ...object, eTag: 'etag' });

async function statusOf(admin: Session, uploadId: string): Promise<UploadStatusDto> {
  const answer = await api.call('uploads.status', { session: admin, params: { uploadId } });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('a transient fault in a CSV upload run', () => {
  it("leaves the upload Processing with its claim let go, and the event's retry finishes it Succeeded with every row applied once", async () => {
    const admin = await api.sessionFor('admin');
    const { agents, sent } = await sixCredits(admin);

    // The second row's transaction throttled: the rows written before it stay written.
    const fault = injectFault({ operation: 'TransactWriteItems', nth: 2, fault: 'throttle' });
    const first = await invokeJob('csvProcess', eventOf(sent));
    clearFaults();
    expect(fault.fired()).toBe(true);
    expect(first.error?.name).toBe('TransactionCanceledException');

    const record = (await Upload.get({ uploadId: sent.uploadId }, { consistent: true }))!;
    expect(record).toMatchObject({ status: 'Processing', errorMessages: [] });
    expect(record.claimToken).toBeUndefined();
    expect(Date.parse(record.claimedUntil!)).toBeLessThanOrEqual(Date.now());
    expect(await statusOf(admin, sent.uploadId)).toMatchObject({ Status: 'Processing', Finished: null });

    // Lambda's retry of the event: it takes the claim at once and applies only the rows not applied.
    const retry = await invokeJob('csvProcess', eventOf(sent));
    expect(retry.error).toBeUndefined();
    expect(retry.result).toMatchObject([{ outcome: 'processed', status: 'Succeeded', rows: 6, failedRows: 0 }]);
    const status = await statusOf(admin, sent.uploadId);
    // The row the first run applied is this upload's own: imported, not "already applied by an earlier upload".
    expect(status).toMatchObject({ Status: 'Succeeded', Rows: 6, FailedRows: 0, RowsDone: 6, Messages: [], AlreadyApplied: 0 });
    expect(await appliedOnce(agents)).toEqual([]);

    // A late delivery of the event changes nothing.
    expect((await invokeJob('csvProcess', eventOf(sent))).result).toMatchObject([{ outcome: 'duplicate' }]);
    expect(await appliedOnce(agents)).toEqual([]);
  });

  it('is retried by the local scheduler as Lambda retries the event, without the file sent again', async () => {
    const admin = await api.sessionFor('admin');
    const { agents, sent } = await sixCredits(admin);
    const listeners: ((event: S3Event) => void)[] = [];
    const lines: string[] = [];
    const scheduler = startScheduler({ log: (l) => lines.push(l), uploads: { bucket: sent.object.bucket, onObjectEvent: (l) => listeners.push(l) }, retryDelaysMs: [1_500] });
    try {
      const fault = injectFault({ operation: 'TransactWriteItems', nth: 3, fault: 'throttle' });
      for (const notify of listeners) notify(eventOf(sent));
      await expect.poll(() => lines.find((l) => l.startsWith('scheduler: csvProcess')), { timeout: 60_000 }).toMatch(/csvProcess failed .*; retried in 1\.5 s$/);
      clearFaults();
      expect(fault.fired()).toBe(true);
      expect(await statusOf(admin, sent.uploadId)).toMatchObject({ Status: 'Processing' });

      await expect.poll(() => lines.filter((l) => l.startsWith('scheduler: csvProcess')).length, { timeout: 60_000 }).toBe(2);
      expect(lines.at(-1)).toMatch(/^scheduler: csvProcess done/);
      expect(await statusOf(admin, sent.uploadId)).toMatchObject({ Status: 'Succeeded', Rows: 6, FailedRows: 0 });
      expect(await appliedOnce(agents)).toEqual([]);
    } finally {
      clearFaults();
      scheduler.stop();
    }
  });

  it('still fails the upload, telling the uploader to send it again, when the processor fails for a reason of its own', async () => {
    const admin = await api.sessionFor('admin');
    const { agents, sent } = await sixCredits(admin);
    const processor = PROCESSORS.transaction!;
    PROCESSORS.transaction = {
      kind: 'transaction',
      process: () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'agentId')")),
    };
    try {
      const outcome = await invokeJob('csvProcess', eventOf(sent));
      expect(outcome.error).toBeUndefined();
      expect(outcome.result).toMatchObject([{ outcome: 'processed', status: 'Failed' }]);
    } finally {
      PROCESSORS.transaction = processor;
    }
    expect(await statusOf(admin, sent.uploadId)).toMatchObject({ Status: 'Failed', Messages: [uploadMessages.crashed], Finished: expect.any(String) });
    // Finished: a retry of the event does nothing, and nothing moved.
    expect((await invokeJob('csvProcess', eventOf(sent))).result).toMatchObject([{ outcome: 'duplicate' }]);
    const untouched = await Promise.all(agents.map((agentId) => moneyFacts(agentId, 5_000, ['CreditCardPayment'])));
    expect(untouched.flat()).toEqual([]);
  });
});
