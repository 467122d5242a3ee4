// Agents of a fault test's own (profile, account, user, session), and the exactly-once checks the
// money paths share: balances, each row's running balance, and the views once the projector caught up.
import { agentProfileFixture } from '../../support/agent-fixture.ts';
import { expect } from 'vitest';
import type { UploadTicket } from '#shared/api/uploads.ts';
import type { ApiHarness, Session } from '../../support/api-harness.ts';
import { ledgerProblems, recentRanges, reportProblems } from '../../support/ledger-walk.ts';

const { AgentProfile } = await import('#entities/agent-profile.ts');
const { User } = await import('#entities/user.ts');
const { getBalance, openAccount, postEntry } = await import('#core/money/ledger.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');

export interface FaultAgent {
  agentId: string;
  session: Session;
}

let counter = 0;

/** A new active agent with `balanceCents` of lead money (one CreditCardPayment row) and a signed-in user. */
export async function newAgent(api: ApiHarness, letter: string, opts: { balanceCents?: number; profile?: Parameters<typeof agentProfileFixture>[1] } = {}): Promise<FaultAgent> {
  const agentId = `${letter}${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;
  const now = new Date().toISOString();
  await AgentProfile.put(agentProfileFixture(agentId, { lastName: `Fault${agentId}`, createdAt: now, ...opts.profile }));
  await openAccount(agentId);
  if (opts.balanceCents) await postEntry({ agentId, deltaCents: opts.balanceCents, type: 'CreditCardPayment', description: 'Card', idempotencyKey: `fault:${agentId}:card` });
  const userId = `U-${agentId}`;
  await User.put({
    userId,
    email: `${agentId.toLowerCase()}@agents.example.com`,
    name: 'Fault Agent',
    kind: 'agent',
    agentId,
    isAdmin: false,
    isManager: false,
    isLeadConnectHome: false,
    isSalesAssistant: false,
    isSponsorAgent: false,
    isFundPreview: false,
    createdAt: now,
  });
  return { agentId, session: await api.sessionOf(userId, agentId) };
}

/**
 * What is wrong with the agent's money facts: the balance is not `cents`, the rows are not `rows`
 * (by type, in order), or a row's running balance is not the one before it plus its amount.
 */
export async function moneyFacts(agentId: string, cents: number, rows: string[]): Promise<string[]> {
  const [balance, entries] = await Promise.all([getBalance(agentId), LedgerEntry.query.ofAgent(agentId).all({ consistent: true })]);
  const problems: string[] = [];
  if (balance?.balanceCents !== cents) problems.push(`${agentId} balance ${balance?.balanceCents} (want ${cents})`);
  const types = entries.map((e) => e.type);
  if (JSON.stringify(types) !== JSON.stringify(rows)) problems.push(`${agentId} rows ${types.join(',') || 'none'} (want ${rows.join(',')})`);
  let running = 0;
  for (const e of entries) {
    running += e.creditCents - e.debitCents;
    if (e.balanceAfterCents !== running) problems.push(`${agentId} row ${e.type} at ${e.at} shows ${e.balanceAfterCents} after rows adding up to ${running}`);
  }
  return problems;
}

/** The ledger walk of tests/support (day sums, running balances, the balance item) for each agent. */
export async function ledgerViews(...agentIds: string[]): Promise<string[]> {
  return (await Promise.all(agentIds.map((id) => ledgerProblems(id)))).flat();
}

/** Account Summary, Transaction History and My Account over the last 31 days, each adding up for each agent. */
export async function reportViews(...agentIds: string[]): Promise<string[]> {
  const [range] = recentRanges(1);
  return (await Promise.all(agentIds.map((id) => reportProblems(id, range!)))).flat();
}

/** An uploaded transactions file: its upload id and the S3 object the upload job is handed. */
export interface SentFile {
  uploadId: string;
  object: { bucket: string; key: string; size: number };
}

/** Uploads a transactions CSV as staff do: the upload ticket from the API, then the PUT to its URL. */
export async function sendTransactionsFile(api: ApiHarness, session: Session, fileName: string, csv: string): Promise<SentFile> {
  const answer = await api.call('uploads.transactions', { session, body: { FileName: fileName, ContentLength: Buffer.byteLength(csv) } });
  expect(answer.status, answer.errors.join()).toBe(201);
  const ticket: UploadTicket = answer.body;
  const put = await fetch(ticket.Url, { method: ticket.Method, headers: ticket.Headers, body: csv });
  expect(put.status).toBe(200);
  const [, bucket, ...key] = new URL(ticket.Url).pathname.split('/');
  return { uploadId: ticket.UploadId, object: { bucket: bucket!, key: decodeURIComponent(key.join('/')), size: Buffer.byteLength(csv) } };
}
