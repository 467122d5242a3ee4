// Write cost of the money and sale paths (issue "One stream, one projector"): every DynamoDB call of a
// transfer, a card credit, a lead sale, an order save and a Pro Store row is recorded through the
// platform's client and printed as the items of its transaction, the index entries its writes change,
// the write units that costs in AWS, the writes made outside the transaction and the reads. DynamoDB
// Local shows none of this in its timings. It also prints the partition keys those writes touch, with
// their write units per operation, so the hottest ones can be scaled to a target rate.
//
//   npm run bench -- write-cost        (or: npx vitest run --project bench tests/bench/write-cost.test.ts)
import { beforeAll, describe, expect, it } from 'vitest';
import { createPaymentSandbox } from '../../infra/local/payment-sandbox.ts';
import { ORIGIN, useApiHarness } from '../support/api-harness.ts';
import { describeWriteCost, partitionsWritten, recordDynamoCalls, writeCostOf, type DynamoRecorder, type WriteCost } from '../support/dynamo-recorder.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness();
const fx = useLeadFixture(api, {
  codeLetter: 'W',
  names: { campaign: 'WriteCost' },
  agentDefaults: { balanceCents: 500_000 },
  postDefaults: { StateCode: 'WY', ZipCode: '82001' },
});

const { docClient } = await import('#platform/dynamo.ts');
const { AgentProfile } = await import('#entities/agent-profile.ts');
const { runProStoreTransfers } = await import('#core/money/prostore.ts');

let recorder: DynamoRecorder;
const costs: [string, WriteCost][] = [];

beforeAll(() => {
  recorder = recordDynamoCalls(docClient());
  return () => {
    recorder.restore();
    console.log(`\nWrite cost per operation (items of each TransactWriteItems; index writes and write units are lower bounds):\n${costs.map(([name, cost]) => describeWriteCost(name, cost)).join('\n')}`);
    for (const [name, cost] of costs) {
      const byKey = new Map<string, number>();
      for (const { key, units } of partitionsWritten(cost)) byKey.set(key.replace(/(#[^#\s]*){2,}$/, '#…'), (byKey.get(key.replace(/(#[^#\s]*){2,}$/, '#…')) ?? 0) + units);
      console.log(`  ${name}: ${[...byKey].map(([k, u]) => `${k} ${u}`).join('; ')}`);
    }
  };
});

async function measure(name: string, run: () => Promise<unknown>): Promise<WriteCost> {
  const cost = writeCostOf(await recorder.during(run));
  costs.push([name, cost]);
  return cost;
}

describe('write cost', () => {
  it('of a transfer to another agent, over HTTP', async () => {
    const sender = await fx.agentWithOrder({ state: 'WY', zip: '82001', withSession: true });
    const receiver = await fx.agentWithOrder({ state: 'WY', zip: '82001' });
    const cost = await measure('transfer', async () => {
      const answer = await api.fetch('POST', `/agent/${sender.agentId}/agentTransfer/${receiver.agentId}?amount=10`, { session: sender.session });
      expect(answer.status).toBe(201);
    });
    expect(cost.transactions.length).toBeGreaterThanOrEqual(1);
  });

  it('of a card credit, over HTTP through the provider sandbox', async () => {
    const payer = await fx.agentWithOrder({ state: 'WY', zip: '82001', withSession: true });
    const sandbox = createPaymentSandbox({ publicUrl: api.url, secret: 'write-cost-bench-secret-0123456789', returnOrigins: [ORIGIN] });
    api.gateway.mount(sandbox.prefix, sandbox.listener);
    Object.assign(process.env, sandbox.environment);
    const body = { agentId: payer.agentId, type: 'CreditCardPayment', amount: 100, referenceId: 'TEST', description: 'precheck' };
    const pre = await api.fetch<{ hostedForm: { url: string } }>('POST', '/account/creditDebit', { session: payer.session, body });
    expect(pre.status).toBe(200);
    const form = new URL(pre.body.hostedForm.url);
    const paid = await fetch(`${form.origin}${form.pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...Object.fromEntries(form.searchParams), cardnumber: '4111111111111111', expiry: '12/39', cvc: '123', zip: '78701', action: 'pay' }),
    });
    const back = new URL(paid.headers.get('location')!).searchParams;
    await measure('card credit', async () => {
      const credit = await api.fetch('POST', '/account/creditDebit', { session: payer.session, body: { ...body, amount: back.get('amount'), referenceId: back.get('transid'), description: 'Add lead money' } });
      expect(credit.status).toBe(200);
    });
  });

  it('of a lead sale, posted over HTTP as a vendor posts', async () => {
    await fx.agentWithOrder({ state: 'WY', zip: '82001' });
    expect((await fx.post()).body.Result).toBe('sold'); // warm: the engine's first read of the state
    await measure('lead sale', async () => expect((await fx.post()).body.Result).toBe('sold'));
  });

  it('of an order save, over HTTP by an admin', async () => {
    const { agentId } = await fx.agentWithOrder({ state: 'WY', zip: '82001' });
    await measure('order save', () => fx.fundOrder(agentId, { state: 'MT', keepCache: true }));
  });

  it('of one Pro Store row (a weekly run over the agents who switched it on, per agent)', async () => {
    for (let i = 0; i < 3; i++) {
      const { agentId } = await fx.agentWithOrder({ state: 'WY', zip: '82001' });
      const profile = (await AgentProfile.get({ agentId }))!;
      await AgentProfile.put({ ...profile, proStoreEnabled: true, proStoreAmountCents: 2_500 });
    }
    const cost = await measure('Pro Store run', () => runProStoreTransfers({ at: new Date('2026-11-30T12:00:00Z') }));
    const rows = cost.transactions.length;
    expect(rows).toBeGreaterThanOrEqual(3);
    costs.push([`  per row (of ${rows})`, { transactions: cost.transactions.slice(0, 1), otherWrites: cost.otherWrites.slice(0, Math.round(cost.otherWrites.length / rows)), reads: Object.fromEntries(Object.entries(cost.reads).map(([c, n]) => [c, Math.round((n / rows) * 10) / 10])) }]);
  });
});
