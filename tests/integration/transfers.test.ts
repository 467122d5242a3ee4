// Transfers through the real gateway and account area against DynamoDB Local: the spec's validation
// messages, receivers that may not receive, idempotent retries, ownership, point-and-click, and the
// agent search behind GET /api/accounts.
import { describe, expect, it } from 'vitest';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { useApiHarness, type Session } from '../support/api-harness.ts';
import { recordDynamoCalls, type RecordedCall } from '../support/dynamo-recorder.ts';

// The recipients search reads the agent directory, which the projector keeps.
const api = useApiHarness({ projector: true });

const { DEMO_USERS } = await import('../../functions/core/seed/index.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { User } = await import('#entities/user.ts');
const { getBalance, openAccount, postEntry, SELF_TRANSFER } = await import('../../functions/core/money/ledger.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { RECEIVER_INACTIVE, RECEIVER_NOT_FOUND, SENDER_INACTIVE } = await import('../../functions/core/money/transfers.ts');
const { readWholeDirectory } = await import('#core/directory/agent-directory.ts');
const { INVALID_IDEMPOTENCY_KEY } = await import('../../functions/account/create-transfer.ts');
const { deleteSession } = await import('#core/identity/sessions.ts');
const { docClient } = await import('#platform/dynamo.ts');
const transferRules = await import('../../shared/transfer.ts');

interface TestAgent {
  agentId: string;
  session: Session;
}

let counter = 0;

/** An agent with a user, a session and `balanceCents` of lead money; inactive agents get no user. */
async function newAgent(opts: { balanceCents?: number; status?: 0 | 1; firstName?: string; lastName?: string } = {}): Promise<TestAgent> {
  const agentId = `T${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;
  const now = new Date().toISOString();
  await AgentProfile.put(
    agentProfileFixture(agentId, {
      firstName: opts.firstName ?? 'Test',
      lastName: opts.lastName ?? `Agent${agentId}`,
      status: opts.status ?? 1,
      createdAt: now,
    }),
  );
  await openAccount(agentId);
  if (opts.balanceCents)
    await postEntry({ agentId, deltaCents: opts.balanceCents, type: 'CreditCardPayment', description: 'Card', idempotencyKey: `test:${agentId}:card` });
  const userId = `U-${agentId}`;
  await User.put({
    userId,
    email: `${agentId.toLowerCase()}@agents.example.com`,
    name: `${opts.firstName ?? 'Test'} Agent`,
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

/** A POST below /api from the site, as `session`; the amount travels in the query, as the spec has it. */
async function post(session: Session, path: string, headers: Record<string, string> = {}) {
  const { status, body } = await api.fetch<Record<string, unknown>>('POST', path, { session, headers });
  return { status, body };
}

const sendTo = (from: TestAgent, receiverId: string, amount?: string, headers?: Record<string, string>) =>
  post(from.session, `/agent/${from.agentId}/agentTransfer/${encodeURIComponent(receiverId)}${amount === undefined ? '' : `?amount=${encodeURIComponent(amount)}`}`, headers);

const pointAndClick = (from: TestAgent, amount?: string, headers?: Record<string, string>) =>
  post(from.session, `/agent/${from.agentId}/pointAndClickTransfer${amount === undefined ? '' : `?amount=${encodeURIComponent(amount)}`}`, headers);

const balanceOf = async (agentId: string) => (await getBalance(agentId))?.balanceCents;
const ledgerOf = (agentId: string) => LedgerEntry.query.ofAgent(agentId).all({ consistent: true });

describe('POST /api/agent/{agentId}/agentTransfer/{receiverId}', () => {
  it('moves the amount from sender to receiver and answers 201 with the new balance and both entry ids', async () => {
    const sender = await newAgent({ balanceCents: 50_000, firstName: 'Sam' });
    const receiver = await newAgent({ firstName: 'Rita' });

    const res = await sendTo(sender, receiver.agentId, '125.50');

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ AgentId: sender.agentId, ReceiverId: receiver.agentId, Amount: 125.5, CurrentBalance: 374.5 });
    expect(res.body.EntryIds).toHaveLength(2);
    expect(await balanceOf(sender.agentId)).toBe(37_450);
    expect(await balanceOf(receiver.agentId)).toBe(12_550);
    const [received] = await ledgerOf(receiver.agentId);
    expect(received).toMatchObject({ type: 'FundsTransfer', creditCents: 12_550, counterpartyAgentId: sender.agentId });
    expect(received!.description).toBe(`Transfer from Sam Agent${sender.agentId} (${sender.agentId}) to Rita Agent${receiver.agentId} (${receiver.agentId})`);
  });

  it.each([
    [undefined, transferRules.AMOUNT_REQUIRED],
    ['', transferRules.AMOUNT_REQUIRED],
    ['9.99', transferRules.AMOUNT_BELOW_MINIMUM],
    ['1000.01', transferRules.AMOUNT_ABOVE_MAXIMUM],
  ])('refuses the amount %j with %j and moves nothing', async (amount, message) => {
    const sender = await newAgent({ balanceCents: 200_000 });
    const receiver = await newAgent();

    const res = await sendTo(sender, receiver.agentId, amount);

    expect(res).toEqual({ status: 400, body: { ErrorMessages: [message] } });
    expect(await balanceOf(sender.agentId)).toBe(200_000);
    expect(await balanceOf(receiver.agentId)).toBe(0);
  });

  it("refuses a transfer above the balance with 'Amount cannot be greater than your current balance' and changes nothing", async () => {
    const sender = await newAgent({ balanceCents: 5_000 });
    const receiver = await newAgent();

    const res = await sendTo(sender, receiver.agentId, '50.01');

    expect(res).toEqual({ status: 400, body: { ErrorMessages: [transferRules.AMOUNT_ABOVE_BALANCE] } });
    expect(await balanceOf(sender.agentId)).toBe(5_000);
    expect(await ledgerOf(sender.agentId)).toHaveLength(1);
    expect(await ledgerOf(receiver.agentId)).toHaveLength(0);
  });

  it("refuses a blank receiver with 'Receiving agent is required.'", async () => {
    const sender = await newAgent({ balanceCents: 5_000 });
    expect(await sendTo(sender, ' ', '20')).toEqual({ status: 400, body: { ErrorMessages: [transferRules.RECEIVER_REQUIRED] } });
  });

  it.each([
    ['an unknown agent', async () => 'NOSUCHAGENT', RECEIVER_NOT_FOUND],
    ['an inactive agent', async () => (await newAgent({ status: 0 })).agentId, RECEIVER_INACTIVE],
  ])('refuses %s as receiver and moves nothing', async (_what, receiverOf, message) => {
    const sender = await newAgent({ balanceCents: 5_000 });
    const receiverId = await receiverOf();

    const res = await sendTo(sender, receiverId, '20');

    expect(res).toEqual({ status: 400, body: { ErrorMessages: [message] } });
    expect(await balanceOf(sender.agentId)).toBe(5_000);
  });

  it('refuses to move money out of an inactive (terminated) account, to an agent or to point-and-click', async () => {
    const sender = await newAgent({ balanceCents: 5_000 });
    const receiver = await newAgent();
    const profile = (await AgentProfile.get({ agentId: sender.agentId }))!;
    await AgentProfile.put({ ...profile, status: 0, terminationDate: new Date().toISOString() });

    expect(await sendTo(sender, receiver.agentId, '20')).toEqual({ status: 400, body: { ErrorMessages: [SENDER_INACTIVE] } });
    expect(await pointAndClick(sender, '20')).toEqual({ status: 400, body: { ErrorMessages: [SENDER_INACTIVE] } });
    expect(await balanceOf(sender.agentId)).toBe(5_000);
  });

  it('refuses a transfer to oneself', async () => {
    const sender = await newAgent({ balanceCents: 5_000 });
    expect(await sendTo(sender, sender.agentId, '20')).toEqual({ status: 400, body: { ErrorMessages: [SELF_TRANSFER] } });
    expect(await ledgerOf(sender.agentId)).toHaveLength(1);
  });

  it('moves money once for a request retried with the same Idempotency-Key and answers the first result again', async () => {
    const sender = await newAgent({ balanceCents: 10_000 });
    const receiver = await newAgent();
    const headers = { 'idempotency-key': `retry-${sender.agentId}` };

    const first = await sendTo(sender, receiver.agentId, '60', headers);
    const retry = await sendTo(sender, receiver.agentId, '60', headers);

    expect(first.status).toBe(201);
    // The balance (40) no longer covers 60: only a replayed answer can be a 201 here.
    expect(retry).toEqual(first);
    expect(await balanceOf(sender.agentId)).toBe(4_000);
    expect(await balanceOf(receiver.agentId)).toBe(6_000);
  });

  it('answers a replay with the first result even after the receiver was terminated, and two copies at once move the money once', async () => {
    const sender = await newAgent({ balanceCents: 10_000 });
    const receiver = await newAgent();
    const headers = { 'idempotency-key': `replay-${sender.agentId}` };

    const racing = await Promise.all([sendTo(sender, receiver.agentId, '25', headers), sendTo(sender, receiver.agentId, '25', headers)]);
    const stored = (await AgentProfile.get({ agentId: receiver.agentId }))!;
    await AgentProfile.put({ ...stored, status: 0 });
    const replay = await sendTo(sender, receiver.agentId, '25', headers);

    expect(racing[0]!.status).toBe(201);
    expect(racing[1]).toEqual(racing[0]);
    expect(replay).toEqual(racing[0]);
    expect(await balanceOf(sender.agentId)).toBe(7_500);
    expect(await balanceOf(receiver.agentId)).toBe(2_500);
  });

  it('refuses an Idempotency-Key reused for a different transfer with 409', async () => {
    const sender = await newAgent({ balanceCents: 10_000 });
    const receiver = await newAgent();
    const headers = { 'idempotency-key': `reuse-${sender.agentId}` };
    await sendTo(sender, receiver.agentId, '20', headers);

    const other = await sendTo(sender, receiver.agentId, '30', headers);

    expect(other.status).toBe(409);
    expect(await balanceOf(sender.agentId)).toBe(8_000);
  });

  it('treats two identical requests without an Idempotency-Key as two transfers', async () => {
    const sender = await newAgent({ balanceCents: 10_000 });
    const receiver = await newAgent();

    await sendTo(sender, receiver.agentId, '20');
    await sendTo(sender, receiver.agentId, '20');

    expect(await balanceOf(receiver.agentId)).toBe(4_000);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const sender = await newAgent({ balanceCents: 10_000 });
    const receiver = await newAgent();
    expect(await sendTo(sender, receiver.agentId, '20', { 'idempotency-key': 'has spaces' })).toEqual({
      status: 400,
      body: { ErrorMessages: [INVALID_IDEMPOTENCY_KEY] },
    });
  });

  it("reads the caller's session in the accounts' one BatchGetItem, then writes one transaction", async () => {
    const sender = await newAgent({ balanceCents: 10_000 });
    const receiver = await newAgent();
    await api.settled();
    const recorder = recordDynamoCalls(docClient());
    let calls: RecordedCall[];
    try {
      calls = await recorder.during(async () => expect((await sendTo(sender, receiver.agentId, '20')).status).toBe(201));
    } finally {
      recorder.restore();
    }
    // Up to the transfer's transaction (the projector reacts only after it), the calls naming the session or the sender.
    const named = (c: RecordedCall) => JSON.stringify(c.input).includes('SESSION#') || JSON.stringify(c.input).includes(sender.agentId);
    const upToWrite = calls.slice(0, calls.findIndex((c) => c.command === 'TransactWriteCommand' && named(c)) + 1).filter(named);
    expect(upToWrite.map((c) => [c.command, JSON.stringify(c.input).includes('SESSION#')])).toEqual([
      ['BatchGetCommand', true],
      ['TransactWriteCommand', false],
    ]);
  });

  it('refuses with 401 a transfer after its session was signed out (the session is read with the accounts) and moves nothing', async () => {
    const sender = await newAgent({ balanceCents: 10_000 });
    const receiver = await newAgent();
    await deleteSession(sender.session.cookie.replace('lc_session=', ''));

    expect((await sendTo(sender, receiver.agentId, '20')).status).toBe(401);
    expect(await balanceOf(sender.agentId)).toBe(10_000);
    expect(await balanceOf(receiver.agentId)).toBe(0);
  });

  it("refuses with 403 an agent moving money out of another agent's account", async () => {
    const thief = await newAgent({ balanceCents: 1_000 });
    const victim = await newAgent({ balanceCents: 10_000 });

    const res = await post(thief.session, `/agent/${victim.agentId}/agentTransfer/${thief.agentId}?amount=50`);

    expect(res.status).toBe(403);
    expect(await balanceOf(victim.agentId)).toBe(10_000);
  });
});

describe('POST /api/agent/{agentId}/pointAndClickTransfer', () => {
  it('debits the lead balance with a PointAndClickTransfer entry and answers 201', async () => {
    const agent = await newAgent({ balanceCents: 30_000 });

    const res = await pointAndClick(agent, '100');

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ AgentId: agent.agentId, Amount: 100, CurrentBalance: 200 });
    expect(await balanceOf(agent.agentId)).toBe(20_000);
    const entries = await ledgerOf(agent.agentId);
    expect(entries.at(-1)).toMatchObject({ type: 'PointAndClickTransfer', debitCents: 10_000, entryId: (res.body.EntryIds as string[])[0] });
  });

  it.each([
    [undefined, transferRules.AMOUNT_REQUIRED],
    ['5', transferRules.AMOUNT_BELOW_MINIMUM],
    ['1500', transferRules.AMOUNT_ABOVE_MAXIMUM],
    ['250.01', transferRules.AMOUNT_ABOVE_BALANCE],
  ])('applies the same amount rules: %j gives %j', async (amount, message) => {
    const agent = await newAgent({ balanceCents: 25_000 });
    expect(await pointAndClick(agent, amount)).toEqual({ status: 400, body: { ErrorMessages: [message] } });
    expect(await balanceOf(agent.agentId)).toBe(25_000);
  });

  it('moves money once for a retried Idempotency-Key', async () => {
    const agent = await newAgent({ balanceCents: 25_000 });
    const headers = { 'idempotency-key': 'pac-1' };
    const first = await pointAndClick(agent, '20', headers);
    expect(await pointAndClick(agent, '20', headers)).toEqual(first);
    expect(await balanceOf(agent.agentId)).toBe(23_000);
  });
});

describe('GET /api/accounts', () => {
  const get = async (session: Session, query: string) => {
    await api.settled();
    const res = await api.fetch<{ AgentId: string; FirstName: string; LastName: string }[]>('GET', `/accounts${query}`, { session });
    expect(res.status).toBe(200);
    return { rows: res.body, next: res.headers.get('x-next-cursor') };
  };

  it('finds active agents by last-name prefix, case-insensitively, leaving out the caller and inactive agents', async () => {
    const caller = await newAgent({ lastName: 'Quillfeather' });
    const other = await newAgent({ firstName: 'Ann', lastName: 'Quillon' });
    await newAgent({ lastName: 'Quillby', status: 0 });

    const { rows } = await get(caller.session, '?search=QUIL');

    expect(rows).toEqual([{ AgentId: other.agentId, FirstName: 'Ann', LastName: 'Quillon' }]);
  });

  it('finds an agent by "first last", "last first" and agent id prefix', async () => {
    const caller = await newAgent();
    const wanted = await newAgent({ firstName: 'Beatrix', lastName: 'Vondersmith' });
    await newAgent({ firstName: 'Carl', lastName: 'Vondersmith' });

    const ids = async (term: string) => (await get(caller.session, `?search=${encodeURIComponent(term)}`)).rows.map((r) => r.AgentId);

    expect(await ids('beatrix vonder')).toEqual([wanted.agentId]);
    expect(await ids('Vondersmith Bea')).toEqual([wanted.agentId]);
    expect(await ids(wanted.agentId.toLowerCase())).toEqual([wanted.agentId]);
  });

  it('pages through the whole directory of active agents by last name with X-Next-Cursor', async () => {
    const caller = await newAgent();
    const inactive = await newAgent({ status: 0 });
    const seen: { AgentId: string; LastName: string }[] = [];
    let cursor: string | null = null;
    do {
      const page: { rows: typeof seen; next: string | null } = await get(caller.session, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.rows);
      cursor = page.next;
    } while (cursor);

    const ids = seen.map((r) => r.AgentId);
    const activeProfiles = (await readWholeDirectory()).filter((p) => p.status === 1 && p.agentId !== caller.agentId);
    expect(ids.sort()).toEqual(activeProfiles.map((p) => p.agentId).sort());
    expect(ids).not.toContain(inactive.agentId);
    expect(ids).toContain(DEMO_USERS.find((u) => u.role === 'captive agent')!.agentId);
  });
});
