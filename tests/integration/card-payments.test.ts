// Adding lead money by card, end to end through the real gateway, the account area, the production
// adapter and the sandbox provider against DynamoDB Local: money is credited only for a payment the
// provider confirms, in the confirmed amount, to the agent it was made for, exactly once.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaymentSandbox, type PaymentSandbox } from '../../infra/local/payment-sandbox.ts';
import { ORIGIN as SITE, useApiHarness, type DemoRole } from '../support/api-harness.ts';

const api = useApiHarness();
const SECRET = 'card-payments-test-secret-0123456789';

const { DEMO_AGENT_IDS } = await import('../../functions/core/seed/demo-users.ts');
const { getBalance } = await import('../../functions/core/money/ledger.ts');
const { LedgerEntry } = await import('#entities/ledger-entry.ts');
const { CardFailure } = await import('#entities/card-failure.ts');
const { signNotification } = await import('../../functions/core/money/payments/protocol.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');

const CAPTIVE = DEMO_AGENT_IDS.captive;
const BROKER = DEMO_AGENT_IDS.broker;

/** Who pays: the demo agents by their agent id, or staff. */
const ROLE_OF: Record<string, DemoRole> = { [CAPTIVE]: 'captive agent', [BROKER]: 'broker agent', admin: 'admin' };

let sandbox: PaymentSandbox;

beforeAll(async () => {
  sandbox = createPaymentSandbox({
    publicUrl: api.url,
    secret: SECRET,
    returnOrigins: [SITE],
    notifyUrl: `${api.url}/api/payments/notify`,
  });
  api.gateway.mount(sandbox.prefix, sandbox.listener);
  Object.assign(process.env, sandbox.environment);
}, 120_000);
// Every test ends with the provider's notifications delivered, so none lands in the next test.
afterEach(() => sandbox.settled());

interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { ErrorMessages?: string[] };
}

async function post<T = Record<string, unknown>>(asAgent: string, path: string, body: unknown): Promise<Answer<T>> {
  const res = await api.fetch<Answer<T>['body'] | undefined>('POST', path, { session: await api.sessionFor(ROLE_OF[asAgent]!), body });
  return { status: res.status, body: res.body ?? ({} as Answer<T>['body']) };
}

interface HostedForm {
  url: string;
  orderId: string;
  sessionId: string;
  amount: number;
}

const precheck = (asAgent: string, agentId: string, amount: number | string) =>
  post<{ hostedForm: HostedForm; amount: number }>(asAgent, '/account/creditDebit', {
    agentId,
    type: 'CreditCardPayment',
    amount,
    referenceId: 'TEST',
    description: 'precheck',
  });

const creditDebit = (asAgent: string, agentId: string, transid: string, amount: number | string) =>
  post<{ amount: number; referenceId: string }>(asAgent, '/account/creditDebit', {
    agentId,
    type: 'CreditCardPayment',
    amount,
    referenceId: transid,
    description: 'Add lead money',
  });

/** What the browser does in the frame: load the hosted form, fill it in, follow it back. */
async function payInFrame(formUrl: string, card: { cardnumber: string; cvc?: string }): Promise<URLSearchParams> {
  const form = await fetch(formUrl);
  expect(form.status).toBe(200);
  await form.text();
  const url = new URL(formUrl);
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(url.searchParams), expiry: '12/39', cvc: '123', zip: '78701', action: 'pay', ...card }),
  });
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/addFundsCC/return`);
  return back.searchParams;
}

/** Pre-check and pay as `agentId`; the return parameters of the frame. */
async function pay(agentId: string, amount: number, cardnumber = '4111111111111111'): Promise<URLSearchParams> {
  const pre = await precheck(agentId, agentId, amount);
  expect(pre.status).toBe(200);
  return payInFrame(pre.body.hostedForm.url, { cardnumber });
}

const balanceOf = async (agentId: string) => (await getBalance(agentId))!.balanceCents;
const entriesOf = (agentId: string) => LedgerEntry.query.ofAgent(agentId).all({ consistent: true });
const creditsFor = async (agentId: string, transid: string) =>
  (await entriesOf(agentId)).filter((e) => e.type === 'CreditCardPayment' && e.description.includes(transid));

describe('the pre-check', () => {
  it('answers 200 with the hosted form bound to the agent and credits nothing', async () => {
    const before = { balance: await balanceOf(CAPTIVE), entries: (await entriesOf(CAPTIVE)).length };
    const pre = await precheck(CAPTIVE, CAPTIVE, '125');
    expect(pre.status).toBe(200);
    expect(pre.body.amount).toBe(0);
    const form = pre.body.hostedForm;
    expect(form.sessionId).toMatch(new RegExp(`^LC-DEV-${CAPTIVE}-\\d{11}$`));
    expect(form.orderId.length).toBeLessThanOrEqual(22);
    const params = new URL(form.url).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({ amount: '125.00', orderid: form.orderId, sessionid: form.sessionId, avs: 'y', cvv: 'required' });
    expect(params.get('returnurl')).toBe(`${SITE}/addFundsCC/return`);
    expect({ balance: await balanceOf(CAPTIVE), entries: (await entriesOf(CAPTIVE)).length }).toEqual(before);
  });

  it("checks the amount with the form's rule and messages", async () => {
    expect((await precheck(CAPTIVE, CAPTIVE, 20)).body.ErrorMessages).toEqual(['Amount cannot be less than $50.00']);
    expect((await precheck(CAPTIVE, CAPTIVE, '1000.01')).body.ErrorMessages).toEqual(['Amount cannot be greater than $1,000.00']);
    expect((await precheck(CAPTIVE, CAPTIVE, 'ten')).body.ErrorMessages).toEqual(['Invalid dollar amount']);
  });

  it("refuses to open a payment for another agent's account", async () => {
    expect((await precheck(CAPTIVE, BROKER, 100)).status).toBe(403);
  });
});

describe('crediting a card payment', () => {
  it('credits an approved payment with the confirmed amount, once, however often it is claimed', async () => {
    const before = await balanceOf(CAPTIVE);
    const back = await pay(CAPTIVE, 125);
    expect(back.get('status')).toBe('approved');
    const transid = back.get('transid')!;

    const first = await creditDebit(CAPTIVE, CAPTIVE, transid, back.get('amount')!);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ agentId: CAPTIVE, type: 'CreditCardPayment', amount: 125, referenceId: transid });
    const again = await creditDebit(CAPTIVE, CAPTIVE, transid, back.get('amount')!);
    expect(again).toEqual(first);
    await sandbox.settled();

    expect(await balanceOf(CAPTIVE)).toBe(before + 12500);
    expect(await creditsFor(CAPTIVE, transid)).toHaveLength(1);
  });

  it('credits the confirmed amount, not a larger amount the browser claims', async () => {
    const before = await balanceOf(CAPTIVE);
    const back = await pay(CAPTIVE, 60);
    const forged = await creditDebit(CAPTIVE, CAPTIVE, back.get('transid')!, '1000.00');
    expect(forged.status).toBe(200);
    expect(forged.body.amount).toBe(60);
    await sandbox.settled();
    expect(await balanceOf(CAPTIVE)).toBe(before + 6000);
  });

  it('mints nothing for a transaction id the provider does not know', async () => {
    const before = await balanceOf(CAPTIVE);
    const forged = await creditDebit(CAPTIVE, CAPTIVE, 'sbx-made-up-0001', '500.00');
    expect(forged).toEqual({ status: 400, body: { ErrorMessages: ['The card payment could not be found with the card provider.'] } });
    expect(await balanceOf(CAPTIVE)).toBe(before);
  });

  it('mints nothing for a declined payment and answers with its failure messages', async () => {
    const before = await balanceOf(CAPTIVE);
    const back = await pay(CAPTIVE, 80, '4000000000000135');
    expect(Object.fromEntries(back)).toMatchObject({ status: 'declined', declinetype: 'decline|avs' });
    const claimed = await creditDebit(CAPTIVE, CAPTIVE, back.get('transid')!, '80.00');
    expect(claimed).toEqual({
      status: 400,
      body: {
        ErrorMessages: [
          'Unable to charge credit card',
          'Insufficient funds on the card (decline)',
          'Address entered did not match credit card account (avs)',
        ],
      },
    });
    await sandbox.settled();
    expect(await balanceOf(CAPTIVE)).toBe(before);
  });

  it("never credits one agent with another agent's payment", async () => {
    const [captiveBefore, brokerBefore] = [await balanceOf(CAPTIVE), await balanceOf(BROKER)];
    const back = await pay(BROKER, 90);
    const transid = back.get('transid')!;

    const stolen = await creditDebit(CAPTIVE, CAPTIVE, transid, '90.00');
    expect(stolen).toEqual({ status: 400, body: { ErrorMessages: ['This card payment was not made for this account.'] } });
    // Naming the other agent in the body is refused before anything is looked up.
    expect((await creditDebit(CAPTIVE, BROKER, transid, '90.00')).status).toBe(403);

    await sandbox.settled();
    expect(await balanceOf(CAPTIVE)).toBe(captiveBefore);
    // The payer's own account gets it, from the provider's notification, once.
    expect(await balanceOf(BROKER)).toBe(brokerBefore + 9000);
    expect(await creditsFor(BROKER, transid)).toHaveLength(1);
  });
});

describe('a credit is bound to the pre-check that issued its order', () => {
  /** Pre-check as the agent, then pay a form whose URL was edited (amount, session id) before paying. */
  async function payEdited(agentId: string, amount: number, edit: Record<string, string>): Promise<URLSearchParams> {
    const pre = await precheck(agentId, agentId, amount);
    expect(pre.status).toBe(200);
    const url = new URL(pre.body.hostedForm.url);
    for (const [k, v] of Object.entries(edit)) url.searchParams.set(k, v);
    return payInFrame(url.href, { cardnumber: '4111111111111111' });
  }

  it.each([['9999999.99'], ['0.01']])('credits nothing when the form URL amount was edited to %s', async (forgedAmount) => {
    const before = await balanceOf(CAPTIVE);
    const back = await payEdited(CAPTIVE, 100, { amount: forgedAmount });
    expect(back.get('status')).toBe('approved');
    const claimed = await creditDebit(CAPTIVE, CAPTIVE, back.get('transid')!, forgedAmount);
    expect(claimed).toEqual({ status: 400, body: { ErrorMessages: ['This card payment was not made for this account.'] } });
    await sandbox.settled();
    expect(await balanceOf(CAPTIVE)).toBe(before);
    expect(await creditsFor(CAPTIVE, back.get('transid')!)).toHaveLength(0);
  });

  it.each([
    ['an active', BROKER],
    ['a terminated', DEMO_AGENT_IDS.firstFamily],
  ])("credits no one when the form URL session id was edited to %s agent's", async (_kind, victim) => {
    const profile = (await AgentProfile.get({ agentId: victim }, { consistent: true }))!;
    if (victim !== BROKER) await AgentProfile.put({ ...profile, status: 0 });
    try {
      const [mine, theirs] = [await balanceOf(CAPTIVE), await balanceOf(victim)];
      const pre = await precheck(CAPTIVE, CAPTIVE, 100);
      const sessionId = pre.body.hostedForm.sessionId.replace(CAPTIVE, victim);
      const url = new URL(pre.body.hostedForm.url);
      url.searchParams.set('sessionid', sessionId);
      const back = await payInFrame(url.href, { cardnumber: '4111111111111111' });
      expect((await creditDebit(CAPTIVE, CAPTIVE, back.get('transid')!, '100.00')).status).toBe(400);
      await sandbox.settled();
      expect([await balanceOf(CAPTIVE), await balanceOf(victim)]).toEqual([mine, theirs]);
    } finally {
      await AgentProfile.put(profile);
    }
  });

  it('credits nothing for an order id the server never issued', async () => {
    const before = await balanceOf(CAPTIVE);
    const back = await payEdited(CAPTIVE, 100, { orderid: 'LC26325100000feedbeef' });
    expect((await creditDebit(CAPTIVE, CAPTIVE, back.get('transid')!, '100.00')).status).toBe(400);
    await sandbox.settled();
    expect(await balanceOf(CAPTIVE)).toBe(before);
  });

  it('credits nothing into an account that became inactive after its pre-check', async () => {
    const profile = (await AgentProfile.get({ agentId: CAPTIVE }, { consistent: true }))!;
    const before = await balanceOf(CAPTIVE);
    const pre = await precheck(CAPTIVE, CAPTIVE, 100);
    await AgentProfile.put({ ...profile, status: 0 });
    try {
      const back = await payInFrame(pre.body.hostedForm.url, { cardnumber: '4111111111111111' });
      expect((await creditDebit(CAPTIVE, CAPTIVE, back.get('transid')!, '100.00')).body.ErrorMessages).toEqual([
        'This account is inactive and cannot be funded.',
      ]);
      await sandbox.settled();
      expect(await balanceOf(CAPTIVE)).toBe(before);
    } finally {
      await AgentProfile.put(profile);
    }
  });

  it('replaying the credit call credits the payment once', async () => {
    const before = await balanceOf(CAPTIVE);
    const back = await pay(CAPTIVE, 75);
    const transid = back.get('transid')!;
    const answers = await Promise.all(Array.from({ length: 4 }, () => creditDebit(CAPTIVE, CAPTIVE, transid, '75.00')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    await sandbox.settled();
    expect((await creditDebit(CAPTIVE, CAPTIVE, transid, '75.00')).status).toBe(200);
    expect(await balanceOf(CAPTIVE)).toBe(before + 7500);
    expect(await creditsFor(CAPTIVE, transid)).toHaveLength(1);
  });

  it("refuses staff a pre-check or a credit into an agent's account", async () => {
    expect((await precheck('admin', CAPTIVE, 100)).status).toBe(403);
    const back = await pay(CAPTIVE, 55);
    expect((await creditDebit('admin', CAPTIVE, back.get('transid')!, '55.00')).status).toBe(403);
  });
});

describe('the provider notification', () => {
  const notify = (body: Record<string, unknown>, signature: string) =>
    fetch(`${api.url}/api/payments/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-payment-signature': signature },
      body: JSON.stringify(body),
    });

  it('credits once when notifications and creditDebit calls race', async () => {
    const before = await balanceOf(BROKER);
    const back = await pay(BROKER, 250);
    const transid = back.get('transid')!;
    // The provider's own record (with the order and session ids), as its notification carries it.
    const record = (await (
      await fetch(`${sandbox.environment.PAYMENT_PROVIDER_URL}/transactions/${transid}`, { headers: { authorization: `Bearer ${SECRET}` } })
    ).json()) as { orderid: string; sessionid: string };
    const notification = {
      transid,
      status: 'approved' as const,
      amount: '250.00',
      orderid: record.orderid,
      sessionid: record.sessionid,
      timestamp: Math.floor(Date.now() / 1000),
    };
    const signature = signNotification(SECRET, notification);

    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => notify(notification, signature).then((r) => r.status)),
      ...Array.from({ length: 5 }, () => creditDebit(BROKER, BROKER, transid, '250.00').then((r) => r.status)),
    ]);
    expect(answers).toEqual(Array(10).fill(200));
    await sandbox.settled();
    expect(await balanceOf(BROKER)).toBe(before + 25000);
    expect(await creditsFor(BROKER, transid)).toHaveLength(1);
  });

  it('mints nothing from a notification that is not signed with the shared secret', async () => {
    const before = await balanceOf(CAPTIVE);
    const forged = {
      transid: 'sbx-forged-0001',
      status: 'approved',
      amount: '1000.00',
      orderid: 'LC26325100000deadbeef',
      sessionid: `LC-DEV-${CAPTIVE}-26325100000`,
      timestamp: Math.floor(Date.now() / 1000),
    };
    const res = await notify(forged, 'f'.repeat(64));
    expect(res.status).toBe(401);
    expect(await balanceOf(CAPTIVE)).toBe(before);
  });
});

describe('the failure log', () => {
  it('stores and logs a card failure with the card number masked', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const res = await post<{ failureId: string }>(CAPTIVE, '/account/creditfail', {
        agentId: CAPTIVE,
        error: 'decline|avs for card 4000 0000 0000 0135',
        referenceId: 'sbx-0001',
        amount: '80.00',
      });
      expect(res.status).toBe(201);
      const stored = await CardFailure.query.ofAgent(CAPTIVE).all({ consistent: true });
      const failure = stored.find((f) => f.failureId === res.body.failureId)!;
      expect(failure).toMatchObject({ agentId: CAPTIVE, error: 'decline|avs for card ****0135', referenceId: 'sbx-0001', amountCents: 8000, userId: 'U-captive' });
      const lines = logged.mock.calls.map((c) => String(c[0]));
      expect(lines.some((l) => l.includes(res.body.failureId) && l.includes('****0135'))).toBe(true);
      expect(lines.some((l) => l.includes('4000 0000 0000 0135'))).toBe(false);
    } finally {
      logged.mockRestore();
    }
  });

  it("refuses to log a failure on another agent's account", async () => {
    expect((await post(CAPTIVE, '/account/creditfail', { agentId: BROKER, error: 'decline' })).status).toBe(403);
  });
});

describe('the ledger after all of it', () => {
  it('still sums to the balance of every account that was paid into', async () => {
    await sandbox.settled();
    for (const agentId of [CAPTIVE, BROKER]) {
      const sum = (await entriesOf(agentId)).reduce((total, e) => total + e.creditCents - e.debitCents, 0);
      expect(await balanceOf(agentId)).toBe(sum);
    }
  });
});
