// Faults at every DynamoDB step of a card credit (Add Lead Money's credit call after the provider's
// frame) and of an auto-recharge (the balance-alerts job charging the saved card for a crossing):
// throttled, the answer lost after the write, a condition failed; then the client's retry of the same
// credit call, or the job's next run. The payment is credited exactly once.
process.env.FAULT_INJECTION = 'on';
import { beforeAll, expect, it } from 'vitest';
import { createPaymentSandbox, type PaymentSandbox } from '../../../infra/local/payment-sandbox.ts';
import { ORIGIN as SITE, useApiHarness } from '../../support/api-harness.ts';
import { jobAttempt, recordPath, runFaultMatrix, saveRows, type FaultPath } from '../../support/fault-matrix.ts';
import { ledgerViews, moneyFacts, newAgent, type FaultAgent } from './fault-agents.ts';

const api = useApiHarness({ projector: true });
const settled = () => api.settled();
const SECRET = 'faults-card-test-secret-0123456789';

const { BalanceCrossing } = await import('#entities/balance-crossing.ts');
const { postEntry } = await import('#core/money/ledger.ts');
const { handleCrossing } = await import('#core/money/balance-alerts.ts');
const { paymentSettings } = await import('#core/money/payments/config.ts');

let sandbox: PaymentSandbox;
beforeAll(async () => {
  // No notification URL: only the calls under test credit anything.
  sandbox = createPaymentSandbox({ publicUrl: api.url, secret: SECRET, returnOrigins: [SITE] });
  api.gateway.mount(sandbox.prefix, sandbox.listener);
  Object.assign(process.env, sandbox.environment);
}, 120_000);

/** The provider's frame as the browser fills it in; the parameters it returns to the site with. */
async function payInFrame(formUrl: string): Promise<URLSearchParams> {
  const url = new URL(formUrl);
  await (await fetch(url)).text();
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), cardnumber: '4111111111111111', expiry: '12/39', cvc: '123', zip: '78701', action: 'pay' }),
  });
  return new URL(res.headers.get('location')!).searchParams;
}

const answer = (res: { status: number; headers: Headers; errors: string[] }) => ({ status: res.status, retryAfter: res.headers.get('retry-after'), note: res.errors.join('; ') });

const cardCredit: FaultPath<{ agent: FaultAgent; transid: string; amount: string }> = {
  name: 'card credit',
  arrange: async () => {
    const agent = await newAgent(api, 'C', { balanceCents: 1_000 });
    const body = { agentId: agent.agentId, type: 'CreditCardPayment', amount: 100, referenceId: 'TEST', description: 'precheck' };
    const pre = await api.fetch<{ hostedForm: { url: string } }>('POST', '/account/creditDebit', { session: agent.session, body });
    expect(pre.status).toBe(200);
    const back = await payInFrame(pre.body.hostedForm.url);
    return { agent, transid: back.get('transid')!, amount: back.get('amount')! };
  },
  act: async ({ agent, transid, amount }) =>
    answer(
      await api.fetch('POST', '/account/creditDebit', {
        session: agent.session,
        body: { agentId: agent.agentId, type: 'CreditCardPayment', amount, referenceId: transid, description: 'Add lead money' },
      }),
    ),
  facts: ({ agent }) => moneyFacts(agent.agentId, 11_000, ['CreditCardPayment', 'CreditCardPayment']),
  views: ({ agent }) => ledgerViews(agent.agentId),
  settled,
};

const deps = { mailer: { send: async () => undefined }, payments: paymentSettings, appOrigin: SITE };

/** An agent with a saved card and auto-recharge of $75 below $100, whose balance just fell to $90. */
async function agentBelowThreshold(): Promise<FaultAgent> {
  const agent = await newAgent(api, 'R', { balanceCents: 10_000 });
  const form = await api.call('account.rechargeCardForm', { params: { agentId: agent.agentId }, body: { Amount: 50 }, session: agent.session });
  expect(form.status).toBe(200);
  const transid = (await payInFrame(form.body.Url)).get('transid')!;
  const saved = await api.call('account.saveRechargeCard', { params: { agentId: agent.agentId }, body: { TransactionId: transid }, session: agent.session });
  expect(saved.status).toBe(200);
  const on = await api.call('account.updateBalanceAlerts', {
    params: { agentId: agent.agentId },
    body: { LowBalanceAlert: null, AutoRecharge: { Enabled: true, Threshold: 100, Amount: 75 } },
    session: agent.session,
  });
  expect(on.status).toBe(200);
  await postEntry({ agentId: agent.agentId, deltaCents: -6_000, type: 'LeadSpend', description: 'Lead', idempotencyKey: `fault:${agent.agentId}:debit` });
  return agent;
}

// Made a batch at a time, with one wait for the projector: each case's crossing is its own agent's.
const belowThreshold: FaultAgent[] = [];
const autoRecharge: FaultPath<{ agent: FaultAgent }> = {
  name: 'auto-recharge',
  arrange: async () => {
    if (!belowThreshold.length) {
      for (let i = 0; i < 6; i++) belowThreshold.push(await agentBelowThreshold());
      await api.settled(); // the projector lists their crossings
    }
    return { agent: belowThreshold.shift()! };
  },
  act: ({ agent }) =>
    jobAttempt(async () => {
      const crossing = (await BalanceCrossing.query.pending().all()).find((c) => c.agentId === agent.agentId);
      if (!crossing) throw new Error('no pending crossing');
      await handleCrossing(crossing, deps);
    }),
  // The job's next run handles whatever is still pending, as handlePendingCrossings does, limited to
  // this case's agent (the agents of the cases still to come have pending crossings too).
  retry: ({ agent }) =>
    jobAttempt(async () => {
      const crossing = (await BalanceCrossing.query.pending().all()).find((c) => c.agentId === agent.agentId);
      if (crossing) await handleCrossing(crossing, deps);
    }),
  facts: ({ agent }) => moneyFacts(agent.agentId, 16_500, ['CreditCardPayment', 'CreditCardPayment', 'LeadSpend', 'CreditCardPayment']),
  views: ({ agent }) => ledgerViews(agent.agentId),
  settled,
};

for (const path of [cardCredit, autoRecharge] as FaultPath<unknown>[]) {
  it(`${path.name}: every fault at every step, then the retry, credits exactly once`, async () => {
    const steps = await recordPath(path);
    expect(steps.length).toBeGreaterThan(0);
    const rows = await runFaultMatrix(path, steps);
    await saveRows(path.name, rows);
    expect(rows.filter((r) => r.problems.length).map((r) => `${r.step} ${r.fault}: ${r.first} → ${r.retry}: ${r.problems.join('; ')}`)).toEqual([]);
  }, 240_000);
}
