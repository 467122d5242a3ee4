// The agent CSV uploads (transaction, creditLimit, reimburse) end to end against DynamoDB Local and
// s3rver: the ticket from each route, a real PUT to the presigned URL, the csvProcess job run with the
// notification S3 sends, the upload's status and report. Each kind applied; a bad file refused whole
// with row-numbered messages and nothing moved; a transaction or reimbursement sent again (the same
// file, or another one) moving money once, while a credit line sent again is set again; a run again
// after a crash half way applying each row once; a debit beyond the balance refusing that row only; the
// ledger summing to the balance of every agent touched; staff without the permission and agents 403.
import { afterAll, describe, expect, it } from 'vitest';
import { agentUploadMessages as m } from '#shared/agent-uploads.ts';
import type { UploadStatusDto, UploadTicket } from '#shared/api/uploads.ts';
import type { Upload as UploadItem } from '#entities/upload.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';

const api = useApiHarness();
const { invokeJob, s3PutEvent } = await import('../../infra/local/jobs.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { Balance } = await import('#entities/balance.ts');
const { CreditLineChange } = await import('#entities/credit-line-change.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { Upload } = await import('#entities/upload.ts');
const { openAccount, postEntry, getBalance } = await import('#core/money/ledger.ts');
const { parseCsv } = await import('#core/uploads/csv.ts');
const { processorFor } = await import('#core/uploads/processors.ts');
const { ABANDONED_AFTER_SECONDS, CLAIM_SECONDS, renewClaim, uploadMessages } = await import('#core/uploads/process-upload.ts');
const { checkAgentUploadRows } = await import('#core/directory/agent-uploads/agent-upload-rows.ts');
const { applyAgentRow, applyAgentRows } = await import('#core/directory/agent-uploads/apply-agent-rows.ts');
const { agentUploadProcessor, FILE_REFUSED } = await import('#core/directory/agent-uploads/agent-upload-processor.ts');
const { existingAgents } = await import('#core/money/accounts.ts');

type UploadRoute = 'uploads.transactions' | 'uploads.creditLimits' | 'uploads.reimbursements';
const TRANSACTION_HEADER = 'TransactionID,AgentCode,Amount,Description,TransactionType';
const REIMBURSE_HEADER = 'Code,AgentId,Amount,Description';
const ADMIN_USER_ID = 'U-admin';

const admin = () => api.sessionFor('admin');
const run = Date.now().toString(36).toUpperCase();
let counter = 0;
/** Every agent a test touched: the ledger must sum to each one's balance at the end. */
const touched = new Set<string>();

/** A new agent with an account holding `balanceCents` (a card payment). */
async function newAgent(balanceCents = 0, creditLineCents = 0): Promise<string> {
  const agentId = `U${run}${(counter++).toString(36).toUpperCase()}`;
  await AgentProfile.put(agentProfileFixture(agentId, { lastName: `Upload${agentId}`, createdAt: new Date().toISOString() }));
  await openAccount(agentId, { creditLineCents });
  if (balanceCents) await postEntry({ agentId, deltaCents: balanceCents, type: 'CreditCardPayment', description: 'Card', idempotencyKey: `test:${agentId}:card` });
  touched.add(agentId);
  return agentId;
}

/** A TransactionID no other test uses. */
const txId = (n: number | string) => `TX-${run}-${n}`;

function objectOf(url: string): { bucket: string; key: string } {
  const [, bucket, ...key] = new URL(url).pathname.split('/');
  return { bucket: bucket!, key: decodeURIComponent(key.join('/')) };
}

async function ticketFor(route: UploadRoute, csv: string, session: Session, fileName = 'agents.csv'): Promise<UploadTicket> {
  const answer = await api.call(route, { session, body: { FileName: fileName, ContentLength: Buffer.byteLength(csv) } });
  expect(answer.status, answer.errors.join()).toBe(201);
  return answer.body;
}

/** What the bucket's notification does: run the job with the event S3 sends for the new object. */
async function notify(ticket: UploadTicket, size: number) {
  const { bucket, key } = objectOf(ticket.Url);
  const outcome = await invokeJob('csvProcess', s3PutEvent({ bucket, key, size, eTag: 'etag' }));
  expect(outcome.error).toBeUndefined();
  return outcome.result as { outcome: string; status?: string }[];
}

async function statusOf(uploadId: string): Promise<UploadStatusDto> {
  const status = await api.call('uploads.status', { session: await admin(), params: { uploadId } });
  expect(status.status).toBe(200);
  return status.body;
}

/** Ticket, PUT, job, status: the whole round as the page drives it. */
async function upload(route: UploadRoute, csv: string, fileName?: string): Promise<{ ticket: UploadTicket; status: UploadStatusDto }> {
  const ticket = await ticketFor(route, csv, await admin(), fileName);
  const res = await fetch(ticket.Url, { method: ticket.Method, headers: ticket.Headers, body: csv });
  expect(res.status).toBe(200);
  await notify(ticket, Buffer.byteLength(csv));
  return { ticket, status: await statusOf(ticket.UploadId) };
}

/** The report as rows of cells. */
async function report(status: UploadStatusDto): Promise<string[][]> {
  return parseCsv(await (await fetch(status.Report!.Url)).text()).map((r) => r.fields);
}

const balanceOf = async (agentId: string) => (await getBalance(agentId))!.balanceCents;
const entriesOf = (agentId: string) => LedgerEntry.query.ofAgent(agentId).all({ consistent: true });

afterAll(async () => {
  // The invariant for every agent any test touched: balance = credits - debits = last running balance.
  for (const agentId of touched) {
    const entries = await entriesOf(agentId);
    const sum = entries.reduce((total, e) => total + e.creditCents - e.debitCents, 0);
    expect(await balanceOf(agentId), agentId).toBe(sum);
    if (entries.length) expect(entries.at(-1)!.balanceAfterCents, agentId).toBe(sum);
  }
});

describe('agent upload tickets', () => {
  it('hands an admin a PUT ticket for each kind, like the price factor upload', async () => {
    const kinds = { 'uploads.transactions': 'transaction', 'uploads.creditLimits': 'creditLimit', 'uploads.reimbursements': 'reimburse' } as const;
    for (const [route, kind] of Object.entries(kinds) as [UploadRoute, string][]) {
      const ticket = await ticketFor(route, 'AgentId,Amount\n', await admin(), `${kind}.csv`);
      expect(ticket).toMatchObject({ Method: 'PUT', Headers: { 'Content-Type': 'text/csv' } });
      expect(objectOf(ticket.Url).key).toBe(`incoming/${kind}/${ticket.UploadId}/${kind}.csv`);
      expect(await Upload.get({ uploadId: ticket.UploadId })).toMatchObject({ kind, status: 'Pending', userId: ADMIN_USER_ID });
      const status = await statusOf(ticket.UploadId);
      expect(status).toMatchObject({ Kind: kind, Status: 'Pending', Rows: null, RowsDone: null });
    }
  });

  it('refuses a file that is not a CSV with the reason', async () => {
    const answer = await api.call('uploads.transactions', { session: await admin(), body: { FileName: 'agents.xlsx', ContentLength: 10 } });
    expect([answer.status, answer.errors]).toEqual([400, ['Only CSV files can be uploaded.']]);
  });

  it('refuses staff without CAN_UPLOAD_AND_VIEW_AGENT_CSV_DATA and agents with 403', async () => {
    for (const role of ['support', 'manager', 'captive agent', 'sponsor agent'] as const) {
      const session = await api.sessionFor(role);
      for (const route of ['uploads.transactions', 'uploads.creditLimits', 'uploads.reimbursements'] as const) {
        const answer = await api.call(route, { session, body: { FileName: 'a.csv', ContentLength: 10 } });
        expect(answer.status, `${role} ${route}`).toBe(403);
      }
    }
  });
});

describe('transaction uploads', () => {
  it('posts each row as one ledger entry, credit or debit by its type, and reports the balance each left', async () => {
    const [a, b] = [await newAgent(10_000), await newAgent()];
    const csv = [
      'transactiontype,AgentCode,Amount,Description,TransactionID',
      `CompanyMatch,${a},25.50,May company match,${txId('m1')}`,
      `ClickToCall,${a},5,Calls in May,${txId('c1')}`,
      `agentcontribution,${b},40,Payroll contribution,${txId('p1')}`,
      `LeadBonus,${b},2.25,Bonus,${txId('b1')}`,
    ].join('\r\n');
    const { status } = await upload('uploads.transactions', csv);
    expect(status).toMatchObject({ Status: 'Succeeded', Kind: 'transaction', Rows: 4, FailedRows: 0, RowsDone: 4, Messages: [] });

    expect(await balanceOf(a)).toBe(10_000 + 2_550 - 500);
    expect(await balanceOf(b)).toBe(4_000 + 225);
    const entries = (await entriesOf(a)).slice(1);
    expect(entries.map((e) => [e.type, e.creditCents, e.debitCents, e.description])).toEqual([
      ['CompanyMatch', 2_550, 0, 'May company match'],
      ['ClickToCall', 0, 500, 'Calls in May'],
    ]);
    expect((await entriesOf(b)).map((e) => e.type)).toEqual(['AgentContribution', 'LeadBonus']);

    const lines = await report(status);
    expect(lines[0]).toEqual(['Row', 'TransactionID', 'AgentCode', 'Amount', 'Description', 'TransactionType', 'Outcome', 'Message', 'Balance After']);
    expect(lines.slice(1)).toEqual([
      ['2', txId('m1'), a, '25.50', 'May company match', 'CompanyMatch', 'Applied', '', '125.50'],
      ['3', txId('c1'), a, '5', 'Calls in May', 'ClickToCall', 'Applied', '', '120.50'],
      ['4', txId('p1'), b, '40', 'Payroll contribution', 'agentcontribution', 'Applied', '', '40.00'],
      ['5', txId('b1'), b, '2.25', 'Bonus', 'LeadBonus', 'Applied', '', '42.25'],
    ]);
  });

  it('refuses a debit beyond the balance and credit line for that row only, applying the others in file order', async () => {
    const [a, b, c] = [await newAgent(1_000), await newAgent(0, 2_000), await newAgent()];
    const csv = [
      TRANSACTION_HEADER,
      `${txId('o1')},${a},20,Calls,ClickToCall`,
      `${txId('o2')},${a},5,Calls,ClickToCall`,
      `${txId('o3')},${b},15,Calls on credit,ClickToCall`,
      `${txId('o4')},${b},10,Over the line,ClickToCall`,
      `${txId('o5')},${a},3,Match,CompanyMatch`,
      `${txId('o6')},${c},10,Credit first,LeadCredit`,
      `${txId('o7')},${c},8,Then the debit it pays for,ClickToCall`,
    ].join('\n');
    const { status } = await upload('uploads.transactions', csv);
    const overA = m.atRow(2, m.insufficientBalance(a, 2_000, 1_000, 0));
    const overB = m.atRow(5, m.insufficientBalance(b, 1_000, -1_500, 2_000));
    expect(status).toMatchObject({ Status: 'Succeeded', Rows: 7, FailedRows: 2, RowsDone: 7, Messages: [overA, overB] });
    expect(overA).toBe(`Row 2: The debit of $20.00 is more than agent ${a} has (balance $10.00, credit line $0.00); not applied.`);
    expect(await balanceOf(a)).toBe(1_000 - 500 + 300);
    // A staff debit may use the credit line, as a lead purchase does, but not beyond it.
    expect(await balanceOf(b)).toBe(-1_500);
    // An agent's rows run in file order: the debit found the credit before it.
    expect(await balanceOf(c)).toBe(200);
    const lines = await report(status);
    expect(lines.slice(1).map((l) => [l[0], l[6], l.at(-1)])).toEqual([
      ['2', 'Refused', '10.00'],
      ['3', 'Applied', '5.00'],
      ['4', 'Applied', '-15.00'],
      ['5', 'Refused', '-15.00'],
      ['6', 'Applied', '8.00'],
      ['7', 'Applied', '10.00'],
      ['8', 'Applied', '2.00'],
    ]);
  });

  it('fails the upload when every row was refused', async () => {
    const a = await newAgent();
    const { status } = await upload('uploads.transactions', `${TRANSACTION_HEADER}\n${txId('f1')},${a},1,Calls,ClickToCall\n`);
    expect(status).toMatchObject({ Status: 'Failed', Rows: 1, FailedRows: 1 });
    expect(await entriesOf(a)).toEqual([]);
  });

  it('refuses a bad file whole with row-numbered messages and moves no money', async () => {
    const a = await newAgent(5_000);
    const before = await Balance.get({ agentId: a }, { consistent: true });
    const csv = [
      TRANSACTION_HEADER,
      `${txId('g1')},${a},10,Good row,LeadCredit`,
      `${txId('g2')},${a},12.345,Too precise,LeadCredit`,
      `${txId('g3')},NOAGENT${run},10,Unknown agent,LeadCredit`,
      `${txId('g4')},${a},10,Spend,LeadSpend`,
      `${txId('g1')},${a},10,Same id,LeadCredit`,
      `${txId('g6')},${a},10`,
      `bad id,${a},-1,,CompanyMatch`,
    ].join('\n');
    const { status } = await upload('uploads.transactions', csv);
    expect(status.Status).toBe('Failed');
    expect(status.Messages).toEqual([
      m.atRow(3, m.amount),
      m.atRow(4, m.agentNotFound(`NOAGENT${run}`)),
      m.atRow(5, m.transactionType),
      m.atRow(6, m.duplicateTransactionId(txId('g1'), 2)),
      m.atRow(7, m.fieldCount(5, 3)),
      m.atRow(8, m.transactionId),
      m.atRow(8, m.amountPositive),
      m.atRow(8, m.required('Description')),
    ]);
    expect(status).toMatchObject({ Rows: 7, FailedRows: 6, RowsDone: 0 });
    expect(await Balance.get({ agentId: a }, { consistent: true })).toEqual(before);
    expect(await entriesOf(a)).toHaveLength(1);

    const lines = await report(status);
    expect(lines[1]).toEqual(['2', txId('g1'), a, '10', 'Good row', 'LeadCredit', 'Not applied', FILE_REFUSED, '']);
    expect(lines[2]!.slice(6, 8)).toEqual(['Refused', m.atRow(3, m.amount)]);
  });

  it('refuses a header that does not name the columns, and a file without rows', async () => {
    const header = await upload('uploads.transactions', 'TransactionID,AgentId,Amount,Description,TransactionType\nT,A1,1,x,LeadCredit\n');
    expect(header.status).toMatchObject({ Status: 'Failed', Messages: [m.atRow(1, m.header('transaction'))] });
    const empty = await upload('uploads.transactions', `${TRANSACTION_HEADER}\r\n`);
    expect(empty.status.Messages).toEqual([m.noRows]);
  });

  it('applies a file sent twice once: the second upload reports every row already applied and moves nothing', async () => {
    const [a, b] = [await newAgent(), await newAgent()];
    const csv = [TRANSACTION_HEADER, `${txId('t1')},${a},10,Credit,LeadCredit`, `${txId('t2')},${b},7,Credit,LeadCredit`, `${txId('t3')},${a},4,Calls,ClickToCall`].join('\n');
    const first = await upload('uploads.transactions', csv);
    expect(first.status).toMatchObject({ Status: 'Succeeded', FailedRows: 0, AlreadyApplied: 0 });
    const balances = [await balanceOf(a), await balanceOf(b)];
    expect(balances).toEqual([600, 700]);

    const second = await upload('uploads.transactions', csv);
    expect(second.status).toMatchObject({ Status: 'Succeeded', Rows: 3, FailedRows: 0, AlreadyApplied: 3, Messages: [] });
    expect((await report(second.status)).slice(1).map((l) => [l[6], l[8]])).toEqual([
      ['Already applied', '10.00'],
      ['Already applied', '7.00'],
      ['Already applied', '6.00'],
    ]);
    expect([await balanceOf(a), await balanceOf(b)]).toEqual(balances);
    expect((await entriesOf(a)).length).toBe(2);
    expect((await entriesOf(b)).length).toBe(1);
  });

  it('moves money once for a TransactionID sent again in another file, with another name and other rows', async () => {
    const [a, b] = [await newAgent(), await newAgent()];
    await upload('uploads.transactions', `${TRANSACTION_HEADER}\n${txId('n1')},${a},10,Credit,LeadCredit\n`, 'may.csv');
    const csv = [TRANSACTION_HEADER, `${txId('n0')},${b},3,Other credit,LeadCredit`, `${txId('n1')},${a},10,Credit again,LeadCredit`].join('\r\n');
    const { status } = await upload('uploads.transactions', csv, 'may-corrected.csv');
    expect(status).toMatchObject({ Status: 'Succeeded', Rows: 2, FailedRows: 0, AlreadyApplied: 1 });
    expect((await report(status)).slice(1).map((l) => [l[0], l[6]])).toEqual([
      ['2', 'Applied'],
      ['3', 'Already applied'],
    ]);
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([1_000, 300]);
    expect(await entriesOf(a)).toHaveLength(1);
  });

  it('refuses a row whose TransactionID was already used for a different transaction', async () => {
    const a = await newAgent();
    await upload('uploads.transactions', `${TRANSACTION_HEADER}\n${txId('r1')},${a},10,Credit,LeadCredit\n`);
    const { status } = await upload('uploads.transactions', `${TRANSACTION_HEADER}\n${txId('r1')},${a},11,Credit,LeadCredit\n${txId('r2')},${a},1,More,LeadCredit\n`);
    expect(status).toMatchObject({ Status: 'Succeeded', FailedRows: 1, Messages: [m.atRow(2, m.transactionIdReused(txId('r1')))] });
    expect(await balanceOf(a)).toBe(1_100);
  });

  it('applies a row on the balance as it is, not as it was read ahead before another write', async () => {
    const a = await newAgent();
    const readAhead = (await Balance.get({ agentId: a }, { consistent: true }))!;
    await postEntry({ agentId: a, deltaCents: 1_000, type: 'LeadCredit', description: 'Meanwhile', idempotencyKey: `test:${a}:meanwhile` });
    const ctx = { uploadId: 'stale', by: ADMIN_USER_ID };
    const debit = { row: 2, transactionId: txId('s1'), agentId: a, amountCents: 500, deltaCents: -500, type: 'ClickToCall' as const, description: 'Calls' };
    // The balance read ahead says $0: the debit is judged again on a fresh read, not refused.
    expect((await applyAgentRow('transaction', debit, ctx, { balance: readAhead })).applied).toMatchObject({ outcome: 'Applied', balanceCents: 500 });
    // A credit written on the old version fails its condition and is written again on a fresh read.
    const credit = { ...debit, row: 3, transactionId: txId('s2'), deltaCents: 200, type: 'LeadCredit' as const };
    expect((await applyAgentRow('transaction', credit, ctx, { balance: readAhead })).applied).toMatchObject({ outcome: 'Applied', balanceCents: 700 });
    expect(await balanceOf(a)).toBe(700);
  });
});

describe('reimburse uploads', () => {
  it('credits each row as a LeadReimbursement described with its Code', async () => {
    const [a, b] = [await newAgent(100), await newAgent()];
    const csv = [REIMBURSE_HEADER, `R-${run}-1,${a},12.50,Lead 1001 returned`, `R-${run}-2,${b},3,Lead 1002 returned`, `R-${run}-3,${a},1.25,Lead 1003 returned`].join('\n');
    const { status } = await upload('uploads.reimbursements', csv);
    expect(status).toMatchObject({ Status: 'Succeeded', Kind: 'reimburse', Rows: 3, FailedRows: 0, RowsDone: 3 });
    expect(await balanceOf(a)).toBe(100 + 1_250 + 125);
    const entries = (await entriesOf(a)).slice(1);
    expect(entries.map((e) => [e.type, e.creditCents, e.description])).toEqual([
      ['LeadReimbursement', 1_250, `Lead 1001 returned (R-${run}-1)`],
      ['LeadReimbursement', 125, `Lead 1003 returned (R-${run}-3)`],
    ]);
    const lines = await report(status);
    expect(lines[0]).toEqual(['Row', 'Code', 'AgentId', 'Amount', 'Description', 'Outcome', 'Message', 'Balance After']);
    expect(lines[1]).toEqual(['2', `R-${run}-1`, a, '12.50', 'Lead 1001 returned', 'Applied', '', '13.50']);
  });

  it('applies the same file sent twice once, even though it has no ids of its own', async () => {
    const a = await newAgent();
    const csv = `${REIMBURSE_HEADER}\nR-${run}-T,${a},5,Twice\nR-${run}-U,${a},6,Twice\n`;
    await upload('uploads.reimbursements', csv);
    const second = await upload('uploads.reimbursements', csv);
    expect((await report(second.status)).slice(1).map((l) => l[5])).toEqual(['Already applied', 'Already applied']);
    expect(await balanceOf(a)).toBe(1_100);
    expect(await entriesOf(a)).toHaveLength(2);
  });

  it('moves money once for a reimbursement sent again in another file: the agent and its Code are the reimbursement', async () => {
    const [a, b] = [await newAgent(), await newAgent()];
    await upload('uploads.reimbursements', `${REIMBURSE_HEADER}\nR-${run}-A,${a},5,Lead returned\n`, 'monday.csv');
    // Another file, another row order and wording; the same Code for another agent is another reimbursement.
    const csv = [REIMBURSE_HEADER, `R-${run}-B,${a},2,Another lead`, `R-${run}-A,${b},4,Same code for another agent`, `R-${run}-A,${a},5,Lead 1001 returned`].join('\n');
    const { status } = await upload('uploads.reimbursements', csv, 'tuesday.csv');
    expect(status).toMatchObject({ Status: 'Succeeded', Rows: 3, FailedRows: 0, AlreadyApplied: 1 });
    expect((await report(status)).slice(1).map((l) => [l[0], l[5], l[7]])).toEqual([
      ['2', 'Applied', '7.00'],
      ['3', 'Applied', '4.00'],
      ['4', 'Already applied', '5.00'],
    ]);
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([700, 400]);
    expect(await entriesOf(a)).toHaveLength(2);
  });

  it('refuses a reimbursement whose agent and Code were already paid a different amount', async () => {
    const a = await newAgent();
    await upload('uploads.reimbursements', `${REIMBURSE_HEADER}\nR-${run}-D,${a},5,Lead returned\n`);
    const { status } = await upload('uploads.reimbursements', `${REIMBURSE_HEADER}\nR-${run}-D,${a},6,Lead returned\nR-${run}-E,${a},1,Another\n`);
    expect(status).toMatchObject({ Status: 'Succeeded', FailedRows: 1, Messages: [m.atRow(2, m.reimbursementReused(`R-${run}-D`, a))] });
    expect(await balanceOf(a)).toBe(600);
  });

  it('applies each row once when the job runs again after dying half way', async () => {
    const agents = [await newAgent(), await newAgent(), await newAgent()];
    const rows = Array.from({ length: 12 }, (_v, i) => `R-${run}-C${i},${agents[i % 3]},${i + 1},Crash test ${i}`);
    const csv = [REIMBURSE_HEADER, ...rows].join('\n');
    const ticket = await ticketFor('uploads.reimbursements', csv, await admin());
    await fetch(ticket.Url, { method: ticket.Method, headers: ticket.Headers, body: csv });

    // The state a run leaves when it dies half way: the first six rows applied (as the job applies
    // them, with the same keys), the upload still claimed by it, and its lease run out.
    const records = parseCsv(csv);
    const check = await checkAgentUploadRows('reimburse', records, existingAgents);
    if (!check.ok) throw new Error(check.messages.join());
    await applyAgentRows('reimburse', check.rows.slice(0, 6), { uploadId: ticket.UploadId, by: ADMIN_USER_ID });
    await Upload.patch(
      { uploadId: ticket.UploadId },
      { set: { status: 'Processing', claimToken: 'the-run-that-died', claimedUntil: new Date(Date.now() - 1_000).toISOString() } },
    );

    // The notification delivered again: a new run takes over the expired claim and finishes the file.
    expect(await notify(ticket, Buffer.byteLength(csv))).toMatchObject([{ outcome: 'processed', status: 'Succeeded' }]);
    const status = await statusOf(ticket.UploadId);
    // The rows the dead run applied are this upload's own (their keys carry its id): applied, not "already applied by an earlier upload".
    expect(status).toMatchObject({ Status: 'Succeeded', Rows: 12, FailedRows: 0, RowsDone: 12, AlreadyApplied: 0 });
    expect((await report(status)).slice(1).map((l) => l[5])).toEqual(Array(12).fill('Applied'));
    for (const [i, agentId] of agents.entries()) {
      const expected = [0, 1, 2, 3].reduce((sum, k) => sum + (i + 1 + 3 * k) * 100, 0);
      expect(await balanceOf(agentId)).toBe(expected);
      expect(await entriesOf(agentId)).toHaveLength(4);
    }

    // And the processor run once more over the same file changes nothing (each row still this upload's).
    const upload = (await Upload.get({ uploadId: ticket.UploadId }, { consistent: true }))!;
    const again = await processorFor('reimburse')!.process({ upload, records, now: new Date() });
    expect(again.status).toBe('Succeeded');
    expect(again.status !== 'Paused' && again.report.rows.every((r) => r[5] === 'Applied')).toBe(true);
    for (const agentId of agents) expect(await entriesOf(agentId)).toHaveLength(4);
  });

  it('keeps a live run\'s claim by renewing it, and reports a run that died with no retry left as failed', async () => {
    const csv = `${REIMBURSE_HEADER}\nR-${run}-L1,${await newAgent()},1,Lease\n`;
    const ticket = await ticketFor('uploads.reimbursements', csv, await admin());
    const claimed = (at: number) => ({ status: 'Processing' as const, claimToken: 'run-1', claimedUntil: new Date(at).toISOString() });

    // The holder renews; a run that lost the claim cannot.
    await Upload.patch({ uploadId: ticket.UploadId }, { set: claimed(Date.now() + 5_000) });
    expect(await renewClaim(ticket.UploadId, 'another-run', new Date())).toBe(false);
    expect(await renewClaim(ticket.UploadId, 'run-1', new Date())).toBe(true);
    const renewed = (await Upload.get({ uploadId: ticket.UploadId }, { consistent: true }))!;
    expect(Date.parse(renewed.claimedUntil!)).toBeGreaterThan(Date.now() + (CLAIM_SECONDS - 5) * 1000);

    // Expired a moment ago: a retry of the notification may still take it over, so it stays Processing.
    await Upload.patch({ uploadId: ticket.UploadId }, { set: claimed(Date.now() - 10_000) });
    expect(await statusOf(ticket.UploadId)).toMatchObject({ Status: 'Processing' });

    // Expired longer ago than every retry would have come: the uploader is told to send it again.
    await Upload.patch({ uploadId: ticket.UploadId }, { set: claimed(Date.now() - (ABANDONED_AFTER_SECONDS + 5) * 1000) });
    expect(await statusOf(ticket.UploadId)).toMatchObject({ Status: 'Failed', Messages: [uploadMessages.crashed], Finished: expect.any(String) });
    // Finished for good: a late delivery of the notification does nothing.
    expect(await notify(ticket, Buffer.byteLength(csv))).toMatchObject([{ outcome: 'duplicate' }]);
    expect(await statusOf(ticket.UploadId)).toMatchObject({ Status: 'Failed' });
  });

  it('records the rows done every so many rows while it applies them', async () => {
    const agents = [await newAgent(), await newAgent(), await newAgent()];
    const rows = Array.from({ length: 10 }, (_v, i) => `R-${run}-P${i},${agents[i % 3]},1,Progress ${i}`);
    const records = parseCsv([REIMBURSE_HEADER, ...rows].join('\n'));
    const upload: UploadItem = {
      uploadId: `progress-${run}`,
      kind: 'reimburse',
      fileName: 'progress.csv',
      contentLength: 1,
      s3Key: 'incoming/reimburse/progress/progress.csv',
      status: 'Processing',
      userId: ADMIN_USER_ID,
      userEmail: 'admin@leadportal.example.com',
      createdAt: new Date().toISOString(),
      errorMessages: [],
    };
    const seen: [number, number][] = [];
    const outcome = await agentUploadProcessor('reimburse', { progressEvery: 4 }).process({
      upload,
      records,
      now: new Date(),
      progress: async (done, total) => void seen.push([done, total]),
    });
    expect(outcome).toMatchObject({ status: 'Succeeded', rows: 10, rowsDone: 10, failedRows: 0 });
    expect(seen).toEqual([
      [0, 10],
      [4, 10],
      [8, 10],
    ]);
  });
});

describe('credit limit uploads', () => {
  it('sets each credit line with the balance version, audited, and reports the line before and after', async () => {
    const [a, b] = [await newAgent(500, 10_000), await newAgent()];
    const before = (await Balance.get({ agentId: a }, { consistent: true }))!;
    const { status } = await upload('uploads.creditLimits', `Amount,AgentId\n250.50,${a}\n0,${b}\n`);
    expect(status).toMatchObject({ Status: 'Succeeded', Kind: 'creditLimit', Rows: 2, FailedRows: 0, RowsDone: 2 });

    const after = (await Balance.get({ agentId: a }, { consistent: true }))!;
    expect(after).toMatchObject({ creditLineCents: 25_050, balanceCents: 500, version: before.version + 1, updatedAt: before.updatedAt });
    const changes = await CreditLineChange.query.ofAgent(a).all({ consistent: true });
    expect(changes).toEqual([
      expect.objectContaining({ previousCents: 10_000, newCents: 25_050, changedBy: ADMIN_USER_ID, source: 'CSV upload', uploadId: status.UploadId }),
    ]);
    // No money moved.
    expect(await entriesOf(a)).toHaveLength(1);

    const lines = await report(status);
    expect(lines[0]).toEqual(['Row', 'AgentId', 'Amount', 'Outcome', 'Message', 'Previous Credit Line', 'Credit Line']);
    expect(lines.slice(1)).toEqual([
      ['2', a, '250.50', 'Applied', '', '100.00', '250.50'],
      ['3', b, '0', 'Applied', '', '0.00', '0.00'],
    ]);
  });

  it('sets the line a file names every time it is sent: 1300, then 1200, then the first file again leaves 1300', async () => {
    const a = await newAgent();
    const first = `AgentId,Amount\n${a},1300\n`;
    await upload('uploads.creditLimits', first);
    await upload('uploads.creditLimits', `AgentId,Amount\n${a},1200\n`);
    const { status } = await upload('uploads.creditLimits', first);
    expect(status).toMatchObject({ Status: 'Succeeded', Rows: 1, FailedRows: 0, AlreadyApplied: 0 });
    expect((await report(status))[1]!.slice(3)).toEqual(['Applied', '', '1200.00', '1300.00']);
    expect((await Balance.get({ agentId: a }, { consistent: true }))!.creditLineCents).toBe(130_000);
    const changes = await CreditLineChange.query.ofAgent(a).all({ consistent: true });
    expect(changes.map((c) => [c.previousCents, c.newCents])).toEqual([
      [0, 130_000],
      [130_000, 120_000],
      [120_000, 130_000],
    ]);
  });

  it('changes and audits nothing for a line the agent already has, and a debit afterwards may use the line', async () => {
    const a = await newAgent();
    const csv = `AgentId,Amount\n${a},30\n`;
    await upload('uploads.creditLimits', csv);
    const version = (await Balance.get({ agentId: a }, { consistent: true }))!.version;
    const second = await upload('uploads.creditLimits', csv);
    expect(second.status).toMatchObject({ Status: 'Succeeded', FailedRows: 0, AlreadyApplied: 0 });
    expect((await report(second.status))[1]!.slice(3)).toEqual(['Applied', '', '30.00', '30.00']);
    expect(await CreditLineChange.query.ofAgent(a).all({ consistent: true })).toHaveLength(1);
    expect((await Balance.get({ agentId: a }, { consistent: true }))!.version).toBe(version);

    const { status } = await upload('uploads.transactions', `${TRANSACTION_HEADER}\n${txId('cl1')},${a},30,Calls,ClickToCall\n`);
    expect(status).toMatchObject({ Status: 'Succeeded', FailedRows: 0 });
    expect(await balanceOf(a)).toBe(-3_000);
  });

  it('sets a line on the balance as it is when the one read ahead is stale, keeping the money written meanwhile', async () => {
    const a = await newAgent(0, 1_000);
    const readAhead = (await Balance.get({ agentId: a }, { consistent: true }))!;
    await postEntry({ agentId: a, deltaCents: 700, type: 'LeadCredit', description: 'Meanwhile', idempotencyKey: `test:${a}:meanwhile` });
    const row = { row: 2, agentId: a, creditLineCents: 4_000 };
    const { applied } = await applyAgentRow('creditLimit', row, { uploadId: 'stale', by: ADMIN_USER_ID }, { balance: readAhead });
    expect(applied).toMatchObject({ outcome: 'Applied', previousCreditLineCents: 1_000, creditLineCents: 4_000 });
    expect(await Balance.get({ agentId: a }, { consistent: true })).toMatchObject({ balanceCents: 700, creditLineCents: 4_000, version: readAhead.version + 2 });
  });

  it('refuses a negative line, an unknown agent and an agent named twice, setting nothing', async () => {
    const [a, b] = [await newAgent(0, 5_000), await newAgent(0, 5_000)];
    const { status } = await upload('uploads.creditLimits', `AgentId,Amount\n${a},-5\nNOAGENT${run},5\n${b},7\n${b},8\n`);
    expect(status).toMatchObject({ Status: 'Failed', Rows: 4, FailedRows: 3 });
    expect(status.Messages).toEqual([m.atRow(2, m.creditLineNegative), m.atRow(3, m.agentNotFound(`NOAGENT${run}`)), m.atRow(5, m.duplicateAgent(b, 4))]);
    for (const agentId of [a, b]) expect((await Balance.get({ agentId }, { consistent: true }))!.creditLineCents).toBe(5_000);
    expect(await CreditLineChange.query.ofAgent(b).all({ consistent: true })).toEqual([]);
  });
});
