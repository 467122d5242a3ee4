// The jobs killed mid-run: the Pro Store run, the CSV upload job and the agents export run in a child process that
// SIGKILLs itself just before its first DynamoDB call or just after each write; then the job runs
// again (Pro Store: the same week; CSV: Lambda's retry of the S3 event a minute later, on an injected
// clock, or the file sent again when the status said Failed) and each row's money moves exactly once.
process.env.FAULT_INJECTION = 'on';
import { expect, it } from 'vitest';
import type { FaultPlan } from '#platform/faults.ts';
import { useApiHarness, type Session } from '../../support/api-harness.ts';
import { jobAttempt, recordPath, runFaultMatrix, saveRows, type Attempt, type FaultPath } from '../../support/fault-matrix.ts';
import { moneyFacts, newAgent, sendTransactionsFile, type SentFile } from './fault-agents.ts';
import { runInChild } from './run-in-child.ts';

const api = useApiHarness();

const { AgentProfile } = await import('#entities/agent-profile.ts');
const { ProStoreOutcome } = await import('#entities/prostore-outcome.ts');
const { ProStoreRun } = await import('#entities/prostore-run.ts');
const { Upload } = await import('#entities/upload.ts');
const { isoWeekOf, runProStoreTransfers } = await import('#core/money/prostore.ts');
const { processUploadedObject } = await import('#core/uploads/process-upload.ts');
const { AgentExport } = await import('#entities/agent-export.ts');
const { EXPORT_CLAIM_SECONDS, runAgentExport } = await import('#core/directory/agent-exports.ts');
const { readObject } = await import('#platform/s3.ts');
const { bucket } = await import('#platform/config.ts');


/** Runs the job in a child process with `plan` armed there (its calls counted in the requests' scope); killed: the kill fired. */
const inChild = (job: 'prostore' | 'csv' | 'export', plan: FaultPlan, input: object): Promise<Attempt> => runInChild(job, { ...plan, scope: 'requests' }, input);

// ---- Pro Store: each case a week of its own, and only its own agent enabled.
let weeks = 0;
let lastAgent: string | undefined;
const proStoreKilled: FaultPath<{ agentId: string; at: Date }> = {
  name: 'Pro Store job (killed)',
  remote: true,
  faults: ['kill-before', 'kill-after'],
  arrange: async () => {
    if (lastAgent) await AgentProfile.put({ ...(await AgentProfile.get({ agentId: lastAgent }))!, proStoreEnabled: false });
    const { agentId } = await newAgent(api, 'Q', { balanceCents: 10_000, profile: { proStoreEnabled: true, proStoreAmountCents: 2_500 } });
    lastAgent = agentId;
    return { agentId, at: new Date(Date.UTC(2032, 0, 5 + 7 * weeks++, 6)) };
  },
  act: ({ at }, plan) => (plan ? inChild('prostore', plan, { at: at.toISOString() }) : jobAttempt(() => runProStoreTransfers({ at, concurrency: 1 }))),
  retry: ({ at }) => jobAttempt(() => runProStoreTransfers({ at, concurrency: 1 })),
  facts: async ({ agentId, at }) => {
    const problems = await moneyFacts(agentId, 7_500, ['CreditCardPayment', 'ProStoreTransfer']);
    const [outcome, run] = await Promise.all([ProStoreOutcome.get({ isoWeek: isoWeekOf(at), agentId }, { consistent: true }), ProStoreRun.get({ isoWeek: isoWeekOf(at) }, { consistent: true })]);
    if (!outcome) problems.push(`no Pro Store outcome for ${agentId} in ${isoWeekOf(at)}`);
    if (run?.status !== 'finished') problems.push(`the run of ${isoWeekOf(at)} is ${run?.status ?? 'missing'}`);
    return problems;
  },
};

// ---- CSV upload: one transaction row crediting $10 to the case's own agent.
let admin: Session | undefined;
interface CsvCase {
  agentId: string;
  csv: string;
  uploads: SentFile[];
}
async function sendFile(csv: string): Promise<SentFile> {
  admin ??= await api.sessionFor('admin');
  return sendTransactionsFile(api, admin, 'killed.csv', csv);
}
let rows = 0;
const csvKilled: FaultPath<CsvCase> = {
  name: 'CSV upload job (killed)',
  remote: true,
  faults: ['kill-before', 'kill-after'],
  arrange: async () => {
    const { agentId } = await newAgent(api, 'W', { balanceCents: 5_000 });
    const csv = `TransactionID,AgentCode,Amount,Description,TransactionType\nTX-KILL-${agentId}-${rows++},${agentId},10,Kill credit,LeadCredit\n`;
    return { agentId, csv, uploads: [await sendFile(csv)] };
  },
  act: ({ uploads }, plan) => (plan ? inChild('csv', plan, { object: uploads[0]!.object }) : jobAttempt(() => processUploadedObject(uploads[0]!.object))),
  retry: async (c) => {
    const last = c.uploads.at(-1)!;
    const record = await Upload.get({ uploadId: last.uploadId }, { consistent: true });
    if (record?.status === 'Failed') {
      const again = await sendFile(c.csv);
      c.uploads.push(again);
      return { ...(await jobAttempt(() => processUploadedObject(again.object))), note: 'file sent again' };
    }
    // Lambda retries the S3 event a minute later; the killed run's claim has run out by then.
    return { ...(await jobAttempt(() => processUploadedObject(last.object, () => new Date(Date.now() + 61_000)))), note: 'event retried' };
  },
  facts: async ({ agentId, uploads }) => {
    const problems = await moneyFacts(agentId, 6_000, ['CreditCardPayment', 'LeadCredit']);
    const record = await Upload.get({ uploadId: uploads.at(-1)!.uploadId }, { consistent: true });
    if (record?.status !== 'Succeeded') problems.push(`the upload is ${record?.status} (${(record?.errorMessages ?? []).join('; ')})`);
    return problems;
  },
};

// ---- The agents export (the agent list's CSV, every agent of the directory): the same rows each case.
let exportRows: number | undefined;
const exportKilled: FaultPath<{ exportId: string }> = {
  name: 'agents export job (killed)',
  remote: true,
  faults: ['kill-before', 'kill-after'],
  arrange: async () => {
    const res = await api.fetch<{ ExportId: string }>('POST', '/agent/export', { session: await api.sessionFor('admin') });
    expect(res.status).toBe(202);
    return { exportId: res.body.ExportId };
  },
  act: ({ exportId }, plan) => (plan ? inChild('export', plan, { exportId }) : jobAttempt(() => runAgentExport(exportId))),
  // Lambda retries the S3 event up to three minutes later: the killed run's claim has run out by then.
  retry: ({ exportId }) => jobAttempt(() => runAgentExport(exportId, () => new Date(Date.now() + (EXPORT_CLAIM_SECONDS + 1) * 1000))),
  facts: async ({ exportId }) => {
    const record = await AgentExport.get({ exportId }, { consistent: true });
    if (record?.status !== 'Succeeded' || !record.fileKey) return [`the export is ${record?.status}`];
    const lines = (await readObject({ bucket: bucket('EXPORTS_BUCKET'), key: record.fileKey })).toString('utf8').split('\r\n').filter(Boolean);
    exportRows ??= lines.length - 1;
    const problems: string[] = exportRows > 0 ? [] : ['the filter matched no agent, so the file proves nothing'];
    if (lines.length - 1 !== exportRows || record.rows !== exportRows) problems.push(`the file has ${lines.length - 1} rows and the record says ${record.rows}, the first export ${exportRows}`);
    if (new Set(lines).size !== lines.length) problems.push('the file repeats a row');
    return problems;
  },
};

for (const job of [proStoreKilled, csvKilled, exportKilled] as FaultPath<unknown>[]) {
  it(`${job.name}: killed before its first call or after each write, then run again, finishes exactly once`, async () => {
    const steps = await recordPath(job);
    expect(steps.length).toBeGreaterThan(0);
    const result = await runFaultMatrix(job, steps);
    await saveRows(job.name, result);
    expect(result.filter((r) => r.problems.length).map((r) => `${r.step} ${r.fault}: ${r.first} → ${r.retry}: ${r.problems.join('; ')}`)).toEqual([]);
    expect(result.filter((r) => r.reached).length).toBeGreaterThan(0);
  }, 300_000);
}
