// The low-balance alert and auto-recharge against DynamoDB Local, through the real gateway, the account
// area, the ledger, the production card adapter and the sandbox provider: one e-mail per crossing
// (concurrent debits, raced and retried jobs), re-arming, every debit path, one recharge per crossing
// however the job is raced or retried, a declined saved card turning it off, the daily cap, who may set
// it, and a ledger that still sums to the balance. Crossings are the projector's (a view of the
// balance's changes): every read of them, and every run of the job, waits until it has caught up.
import { beforeAll, describe, expect, it } from 'vitest';
import { createPaymentSandbox, SANDBOX_TOKEN_DECLINES_CARD, type PaymentSandbox } from '../../infra/local/payment-sandbox.ts';
import { agentProfileFixture } from '../support/agent-fixture.ts';
import { ORIGIN as SITE, useApiHarness, type Session } from '../support/api-harness.ts';
import type { MailMessage } from '#platform/mailer.ts';

const api = useApiHarness({ projector: true });
const SECRET = 'balance-alerts-test-secret-0123456789';

const { AgentProfile } = await import('#entities/agent-profile.ts');
const { User } = await import('#entities/user.ts');
const { BalanceCrossing } = await import('#entities/balance-crossing.ts');
const { RechargeAttempt } = await import('#entities/auto-recharge.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { getBalance, openAccount, postEntry, postEntryOutcome, transfer, debitItems } = await import('../../functions/core/money/ledger.ts');
const { transactWrite } = await import('#platform/db.ts');
const { handlePendingCrossings, handleCrossing } = await import('../../functions/core/money/balance-alerts.ts');
const { paymentSettings } = await import('../../functions/core/money/payments/config.ts');
const { AUTO_RECHARGE_DAILY_CAP, BALANCE_ALERT_MESSAGES } = await import('#shared/api/balance-alerts.ts');

let sandbox: PaymentSandbox;
beforeAll(async () => {
  sandbox = createPaymentSandbox({ publicUrl: api.url, secret: SECRET, returnOrigins: [SITE], notifyUrl: `${api.url}/api/payments/notify` });
  api.gateway.mount(sandbox.prefix, sandbox.listener);
  Object.assign(process.env, sandbox.environment);
}, 120_000);

interface TestAgent {
  agentId: string;
  email: string;
  session: Session;
}

let counter = 0;
async function newAgent(balanceCents: number): Promise<TestAgent> {
  const agentId = `BA${Date.now().toString(36).toUpperCase()}${(counter++).toString(36).toUpperCase()}`;
  const now = new Date().toISOString();
  const profile = agentProfileFixture(agentId, { lastName: `Alert${agentId}`, createdAt: now });
  await AgentProfile.put(profile);
  await openAccount(agentId);
  if (balanceCents) await postEntry({ agentId, deltaCents: balanceCents, type: 'CreditCardPayment', description: 'Card', idempotencyKey: `test:${agentId}:open` });
  const userId = `U-${agentId}`;
  await User.put({
    userId,
    email: profile.email,
    name: 'Test Agent',
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
  return { agentId, email: profile.email, session: await api.sessionOf(userId, agentId) };
}

/** A mailer that keeps what it is given (the Mailer interface the job sends through). */
function capturingMailer() {
  const sent: MailMessage[] = [];
  return { sent, mailer: { send: async (m: MailMessage) => void sent.push(m) } };
}

const runJob = async (mailer: { send(m: MailMessage): Promise<void> }) => {
  await api.settled();
  return handlePendingCrossings({ mailer, payments: paymentSettings, appOrigin: SITE }, { deadline: Date.now() + 30_000 });
};

const debit = (agentId: string, cents: number, key = `${Math.random()}`) =>
  postEntry({ agentId, deltaCents: -cents, type: 'LeadSpend', description: 'Lead', idempotencyKey: `test:${agentId}:debit:${key}`, allowCreditLine: true });
const credit = (agentId: string, cents: number) =>
  postEntry({ agentId, deltaCents: cents, type: 'CreditCardPayment', description: 'Card', idempotencyKey: `test:${agentId}:credit:${Math.random()}` });

const crossingsOf = async (agentId: string) => {
  await api.settled();
  return (await BalanceCrossing.query.pending().all()).filter((c) => c.agentId === agentId);
};
const balanceOf = async (agentId: string) => (await getBalance(agentId))!.balanceCents;

/** The balance equals the sum of the agent's ledger, and every running balance follows from the one before. */
async function expectLedgerSumsToBalance(agentId: string) {
  const entries = await LedgerEntry.query.byTime(agentId, '2000-01-01T00:00:00.000Z', '2100-01-01T00:00:00.000Z').all({ consistent: true });
  let running = 0;
  for (const e of entries) {
    running += e.creditCents - e.debitCents;
    expect(e.balanceAfterCents).toBe(running);
  }
  expect(running).toBe(await balanceOf(agentId));
}

const setAlerts = (agent: TestAgent, body: { LowBalanceAlert: number | null; AutoRecharge: { Enabled: boolean; Threshold: number; Amount: number } | null }, as = agent.session) =>
  api.call('account.updateBalanceAlerts', { params: { agentId: agent.agentId }, body, session: as });

/** Save a card the way the Settings page does: the provider's form with savecard, then the transaction id. */
async function saveCard(agent: TestAgent, cardnumber = '4111111111111111', amount = 50) {
  const form = await api.call('account.rechargeCardForm', { params: { agentId: agent.agentId }, body: { Amount: amount }, session: agent.session });
  expect(form.status).toBe(200);
  const url = new URL(form.body.Url);
  expect(url.searchParams.get('savecard')).toBe('y');
  await (await fetch(url)).text();
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), cardnumber, expiry: '12/39', cvc: '123', zip: '78701', action: 'pay' }),
  });
  const transid = new URL(res.headers.get('location')!).searchParams.get('transid')!;
  const saved = await api.call('account.saveRechargeCard', { params: { agentId: agent.agentId }, body: { TransactionId: transid }, session: agent.session });
  await sandbox.settled();
  return saved;
}

describe('the low-balance alert', () => {
  it('sends one e-mail for one crossing under concurrent debits, even with raced and retried jobs', async () => {
    const agent = await newAgent(10_000);
    expect((await setAlerts(agent, { LowBalanceAlert: 50, AutoRecharge: null })).body).toMatchObject({ LowBalanceAlert: 50, Below: false });
    await Promise.all(Array.from({ length: 8 }, (_, i) => debit(agent.agentId, 1_000, `c${i}`)));
    expect(await balanceOf(agent.agentId)).toBe(2_000);
    expect(await crossingsOf(agent.agentId)).toHaveLength(1);

    const { sent, mailer } = capturingMailer();
    await Promise.all([runJob(mailer), runJob(mailer)]);
    await runJob(mailer);
    const mine = sent.filter((m) => m.to === agent.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('Your lead balance is low');
    expect(mine[0]!.text).toContain('$20.00');
    expect(mine[0]!.text).toContain(`${SITE}/addFundsCC`);
    expect(await crossingsOf(agent.agentId)).toHaveLength(0);

    const view = await api.call('account.balanceAlerts', { params: { agentId: agent.agentId }, session: agent.session });
    expect(view.body).toMatchObject({ Balance: 20, LowBalanceAlert: 50, Below: true });
    await expectLedgerSumsToBalance(agent.agentId);
  });

  it('re-arms when the balance goes back to the threshold, and stays quiet while it stays below', async () => {
    const agent = await newAgent(6_000);
    await setAlerts(agent, { LowBalanceAlert: 50, AutoRecharge: null });
    const { sent, mailer } = capturingMailer();
    await debit(agent.agentId, 2_000); // 60 → 40: crosses
    await debit(agent.agentId, 1_000); // 40 → 30: still below
    await runJob(mailer);
    await credit(agent.agentId, 2_000); // 30 → 50: at the threshold, re-armed
    await debit(agent.agentId, 1); // 50 → 49.99: crosses again
    await runJob(mailer);
    expect(sent.filter((m) => m.to === agent.email)).toHaveLength(2);
  });

  it('is crossed by every kind of debit: lead charge, transfer, CSV debit and Pro Store', async () => {
    const agent = await newAgent(10_000);
    const other = await newAgent(0);
    const threshold = async (dollars: number) => setAlerts(agent, { LowBalanceAlert: dollars, AutoRecharge: null });

    await threshold(100);
    const balance = await getBalance(agent.agentId);
    const lead = debitItems(balance!, { deltaCents: -500, type: 'LeadSpend', description: 'Lead', allowCreditLine: false });
    await transactWrite(lead.items); // the lead engine's sale puts these items in its own transaction
    await threshold(95);
    await transfer({ fromAgentId: agent.agentId, toAgentId: other.agentId, amountCents: 500, type: 'FundsTransfer', description: 'Transfer', idempotencyKey: `t:${agent.agentId}` });
    await threshold(90);
    await postEntryOutcome({ agentId: agent.agentId, deltaCents: -500, type: 'Other', description: 'CSV debit', idempotencyKey: `csv:${agent.agentId}` });
    await threshold(85);
    await postEntry({ agentId: agent.agentId, deltaCents: -500, type: 'ProStoreTransfer', description: 'Pro Store', proStoreWeek: '2026-W48' });

    const crossings = await crossingsOf(agent.agentId);
    expect(crossings.map((c) => c.alertCents!).sort((a, b) => a - b)).toEqual([8_500, 9_000, 9_500, 10_000]);
    expect(await crossingsOf(other.agentId)).toHaveLength(0);
    await runJob(capturingMailer().mailer);
  });

  it('mails nothing when the balance is back above the threshold before the job runs', async () => {
    const agent = await newAgent(6_000);
    await setAlerts(agent, { LowBalanceAlert: 50, AutoRecharge: null });
    await debit(agent.agentId, 2_000);
    await credit(agent.agentId, 5_000);
    const { sent, mailer } = capturingMailer();
    await runJob(mailer);
    expect(sent.filter((m) => m.to === agent.email)).toHaveLength(0);
  });

  it('refuses a threshold outside $1 to $100,000 with its message, changing nothing', async () => {
    const agent = await newAgent(1_000);
    const res = await setAlerts(agent, { LowBalanceAlert: 0.5, AutoRecharge: null });
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([BALANCE_ALERT_MESSAGES.thresholdRange]);
    expect((await getBalance(agent.agentId))!.lowBalanceAlertCents).toBeUndefined();
  });
});

describe('who may set it', () => {
  it('lets staff view but not set it, and refuses another agent both', async () => {
    const agent = await newAgent(1_000);
    const other = await newAgent(1_000);
    const admin = await api.sessionFor('admin');
    expect((await api.call('account.balanceAlerts', { params: { agentId: agent.agentId }, session: admin })).status).toBe(200);
    for (const session of [admin, await api.sessionFor('support'), other.session]) {
      const res = await setAlerts(agent, { LowBalanceAlert: 5, AutoRecharge: null }, session);
      expect([403, 404]).toContain(res.status);
      const form = await api.call('account.rechargeCardForm', { params: { agentId: agent.agentId }, body: { Amount: 50 }, session });
      expect([403, 404]).toContain(form.status);
    }
    expect([403, 404]).toContain((await api.call('account.balanceAlerts', { params: { agentId: agent.agentId }, session: other.session })).status);
    expect((await getBalance(agent.agentId))!.lowBalanceAlertCents).toBeUndefined();
  });
});

describe('auto-recharge', () => {
  it('needs a saved card, and keeps amounts within the card limits', async () => {
    const agent = await newAgent(1_000);
    const noCard = await setAlerts(agent, { LowBalanceAlert: null, AutoRecharge: { Enabled: true, Threshold: 100, Amount: 50 } });
    expect(noCard.status).toBe(400);
    expect(noCard.errors).toEqual([BALANCE_ALERT_MESSAGES.cardRequired]);
    const low = await setAlerts(agent, { LowBalanceAlert: null, AutoRecharge: { Enabled: true, Threshold: 100, Amount: 20 } });
    expect(low.errors).toEqual(['Amount cannot be less than $50.00']);
    const high = await setAlerts(agent, { LowBalanceAlert: null, AutoRecharge: { Enabled: true, Threshold: 100, Amount: 1000.01 } });
    expect(high.errors).toEqual(['Amount cannot be greater than $1,000.00']);
  });

  it('saves a card through the provider form (crediting that top-up once) and charges it once per crossing however the job is raced or retried', async () => {
    const agent = await newAgent(10_000);
    const saved = await saveCard(agent);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ Card: { Last4: '1111' }, Balance: 150 });
    const on = await setAlerts(agent, { LowBalanceAlert: null, AutoRecharge: { Enabled: true, Threshold: 100, Amount: 75 } });
    expect(on.body.AutoRecharge).toEqual({ Enabled: true, Threshold: 100, Amount: 75, DisabledReason: null });

    await Promise.all([debit(agent.agentId, 3_000, 'a'), debit(agent.agentId, 3_000, 'b')]); // 150 → 90
    const [crossing] = await crossingsOf(agent.agentId);
    expect(crossing).toBeDefined();
    const { mailer } = capturingMailer();
    await Promise.all([runJob(mailer), runJob(mailer), handleCrossing(crossing!, { mailer, payments: paymentSettings, appOrigin: SITE })]);
    await sandbox.settled(); // the provider's notification of the charge arrives too, and credits nothing more
    expect(await balanceOf(agent.agentId)).toBe(9_000 + 7_500);

    // A retry after a crash between the charge and its marks: the attempt and the crossing go back.
    await RechargeAttempt.patch({ agentId: agent.agentId, attemptId: crossing!.entryId }, { set: { state: 'charging' } });
    await BalanceCrossing.patch({ agentId: agent.agentId, entryId: crossing!.entryId }, { set: { state: 'pending' }, remove: ['recharge'] }, { current: crossing! });
    await runJob(mailer);
    await sandbox.settled();
    expect(await balanceOf(agent.agentId)).toBe(16_500);
    const recharges = (await LedgerEntry.query.byTime(agent.agentId, '2000-01-01', '2100-01-01').all({ consistent: true })).filter(
      (e) => e.type === 'CreditCardPayment' && e.creditCents === 7_500,
    );
    expect(recharges).toHaveLength(1);
    await expectLedgerSumsToBalance(agent.agentId);
  });

  it('recharges at once when turned on below its threshold, and stops at the daily cap', async () => {
    const agent = await newAgent(5_000);
    await saveCard(agent); // 50 + 50 = 100
    await debit(agent.agentId, 6_000); // 40, no watch yet
    await setAlerts(agent, { LowBalanceAlert: null, AutoRecharge: { Enabled: true, Threshold: 60, Amount: 50 } });
    const { mailer } = capturingMailer();
    const first = await runJob(mailer);
    expect(first.recharged).toBeGreaterThanOrEqual(1);
    expect(await balanceOf(agent.agentId)).toBe(9_000);
    // Each later crossing: 90 → 50 (below 60), recharged to 100; the cap counts the first one too.
    const outcomes: string[] = [];
    for (let i = 0; i < AUTO_RECHARGE_DAILY_CAP; i++) {
      await debit(agent.agentId, (await balanceOf(agent.agentId)) - 5_000);
      const [crossing] = await crossingsOf(agent.agentId);
      outcomes.push((await handleCrossing(crossing!, { mailer, payments: paymentSettings, appOrigin: SITE })).recharge ?? 'none');
    }
    expect(outcomes).toEqual([...Array(AUTO_RECHARGE_DAILY_CAP - 1).fill('credited'), 'capped']);
    await sandbox.settled();
    await expectLedgerSumsToBalance(agent.agentId);
  });

  it('turns itself off and mails the agent once when the saved card is declined', async () => {
    const agent = await newAgent(10_000);
    const saved = await saveCard(agent, SANDBOX_TOKEN_DECLINES_CARD);
    expect(saved.body.Card).toEqual({ Last4: '0341' });
    await setAlerts(agent, { LowBalanceAlert: 140, AutoRecharge: { Enabled: true, Threshold: 100, Amount: 50 } });
    await debit(agent.agentId, 6_000); // 150 → 90: both thresholds
    const { sent, mailer } = capturingMailer();
    await Promise.all([runJob(mailer), runJob(mailer)]);
    const mine = sent.filter((m) => m.to === agent.email);
    expect(mine.map((m) => m.subject).sort()).toEqual(['Auto-recharge is off: your card was declined', 'Your lead balance is low']);
    expect(await balanceOf(agent.agentId)).toBe(9_000);

    const view = await api.call('account.balanceAlerts', { params: { agentId: agent.agentId }, session: agent.session });
    expect(view.body).toMatchObject({ AutoRecharge: { Enabled: false, DisabledReason: 'declined' }, Card: null, Below: true });
    expect((await getBalance(agent.agentId))!.autoRechargeBelowCents).toBeUndefined();

    // The next crossing (re-armed alert) charges nothing.
    await credit(agent.agentId, 10_000);
    await debit(agent.agentId, 10_000);
    const crossings = await crossingsOf(agent.agentId);
    expect(crossings.every((c) => c.rechargeBelowCents === undefined)).toBe(true);
    await runJob(mailer);
    await sandbox.settled();
    await expectLedgerSumsToBalance(agent.agentId);
  });
});
