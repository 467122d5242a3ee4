// Faults at every DynamoDB step of the jobs that move money row by row: one Pro Store row (the weekly
// run over one enabled agent) and one CSV upload row (an admin's transaction file of one row, run by
// the csvProcess job's work function): throttled, the answer lost after the write, a condition failed;
// then the job's next run (Pro Store: the same week again; CSV: Lambda's retry of the S3 event a
// minute later, on an injected clock, or the admin sending the same file again when the first run
// answered Failed). Each row's money moves exactly once, and the Pro Store event is published once.
process.env.FAULT_INJECTION = 'on';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DomainEvent } from '#platform/events.ts';
import { useApiHarness, type Session } from '../../support/api-harness.ts';
import { jobAttempt, recordPath, runFaultMatrix, saveRows, type FaultPath } from '../../support/fault-matrix.ts';
import { ledgerViews, moneyFacts, newAgent, sendTransactionsFile, type SentFile } from './fault-agents.ts';

const api = useApiHarness({ projector: true });
const settled = () => api.settled();

const { AgentProfile } = await import('#entities/agent-profile.ts');
const { ProStoreOutcome } = await import('#entities/prostore-outcome.ts');
const { ProStoreRun } = await import('#entities/prostore-run.ts');
const { Upload } = await import('#entities/upload.ts');
const { isoWeekOf, runProStoreTransfers } = await import('#core/money/prostore.ts');
const { processUploadedObject } = await import('#core/uploads/process-upload.ts');
const { setEventPublisher } = await import('#core/views/domain-events.ts');

// The projector publishes domain events; these are the Pro Store transfers' (by event id).
const published = new Map<string, DomainEvent>();
beforeAll(() => {
  setEventPublisher({
    async publish(batch) {
      for (const e of batch) published.set(e.id, e);
      return { published: batch.map((e) => e.id), failed: [] };
    },
  });
});
afterAll(() => setEventPublisher(undefined));

// ---- Pro Store: each case a week of its own, and only its own agent enabled.
let weeks = 0;
let lastProStoreAgent: string | undefined;
interface ProStoreCase {
  agentId: string;
  at: Date;
}

const proStoreRow: FaultPath<ProStoreCase> = {
  name: 'Pro Store row',
  arrange: async () => {
    if (lastProStoreAgent) {
      const before = (await AgentProfile.get({ agentId: lastProStoreAgent }))!;
      await AgentProfile.put({ ...before, proStoreEnabled: false });
    }
    const { agentId } = await newAgent(api, 'S', { balanceCents: 10_000, profile: { proStoreEnabled: true, proStoreAmountCents: 2_500 } });
    lastProStoreAgent = agentId;
    return { agentId, at: new Date(Date.UTC(2031, 0, 6 + 7 * weeks++, 6)) };
  },
  act: ({ at }) => jobAttempt(() => runProStoreTransfers({ at, concurrency: 1 })),
  facts: async ({ agentId, at }) => {
    const problems = await moneyFacts(agentId, 7_500, ['CreditCardPayment', 'ProStoreTransfer']);
    const [outcome, run] = await Promise.all([ProStoreOutcome.get({ isoWeek: isoWeekOf(at), agentId }, { consistent: true }), ProStoreRun.get({ isoWeek: isoWeekOf(at) }, { consistent: true })]);
    if (!outcome) problems.push(`no Pro Store outcome for ${agentId} in ${isoWeekOf(at)}`);
    if (run?.status !== 'finished') problems.push(`the run of ${isoWeekOf(at)} is ${run?.status ?? 'missing'}`);
    return problems;
  },
  views: async ({ agentId }) => {
    const events = [...published.values()].filter((e) => e.detail.agentId === agentId);
    return [...(await ledgerViews(agentId)), ...(events.length === 1 ? [] : [`${events.length} Pro Store events published for ${agentId}`])];
  },
  settled,
};

// ---- CSV upload: one transaction row crediting $10 to the case's own agent.
const TRANSACTION_HEADER = 'TransactionID,AgentCode,Amount,Description,TransactionType';
let admin: Session;
beforeAll(async () => {
  admin = await api.sessionFor('admin');
});

interface CsvCase {
  agentId: string;
  csv: string;
  uploads: SentFile[];
}

async function sendFile(csv: string): Promise<SentFile> {
  return sendTransactionsFile(api, admin, 'faults.csv', csv);
}

let rows = 0;
const csvRow: FaultPath<CsvCase> = {
  name: 'CSV upload row',
  arrange: async () => {
    const { agentId } = await newAgent(api, 'V', { balanceCents: 5_000 });
    const csv = `${TRANSACTION_HEADER}\nTX-FAULT-${agentId}-${rows++},${agentId},10,Fault credit,LeadCredit\n`;
    return { agentId, csv, uploads: [await sendFile(csv)] };
  },
  act: ({ uploads }) => jobAttempt(() => processUploadedObject(uploads[0]!.object)),
  retry: async (c) => {
    const last = c.uploads.at(-1)!;
    const record = await Upload.get({ uploadId: last.uploadId }, { consistent: true });
    if (record?.status === 'Failed') {
      // The status told the admin to send the file again: the rows applied before are not applied twice.
      const again = await sendFile(c.csv);
      c.uploads.push(again);
      const attempt = await jobAttempt(() => processUploadedObject(again.object));
      return { ...attempt, note: 'file sent again' };
    }
    // Lambda retries a failed S3 event a minute later; a run that died has lost its claim by then.
    const attempt = await jobAttempt(() => processUploadedObject(last.object, () => new Date(Date.now() + 61_000)));
    return { ...attempt, note: 'event retried' };
  },
  facts: async ({ agentId, uploads }) => {
    const problems = await moneyFacts(agentId, 6_000, ['CreditCardPayment', 'LeadCredit']);
    const record = await Upload.get({ uploadId: uploads.at(-1)!.uploadId }, { consistent: true });
    if (record?.status !== 'Succeeded') problems.push(`the upload is ${record?.status} (${(record?.errorMessages ?? []).join('; ')})`);
    return problems;
  },
  views: ({ agentId }) => ledgerViews(agentId),
  settled,
};

for (const path of [proStoreRow, csvRow] as FaultPath<unknown>[]) {
  it(`${path.name}: every fault at every step, then the job's next run, moves the money exactly once`, async () => {
    const steps = await recordPath(path);
    expect(steps.length).toBeGreaterThan(0);
    const result = await runFaultMatrix(path, steps);
    await saveRows(path.name, result);
    expect(result.filter((r) => r.problems.length).map((r) => `${r.step} ${r.fault}: ${r.first} → ${r.retry}: ${r.problems.join('; ')}`)).toEqual([]);
  }, 300_000);
}
