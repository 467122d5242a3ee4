// Benchmark of a campaign save with 5 campaign vendors and 10 fund links (issue 8 "Done means"),
// through the local gateway as an admin, in the order the form's save sequence sends the calls (the
// frontend's runCampaignSave: POST campaign, then per vendor POST campaignVendors and PUT
// fund/campaignvendorfunds with its 2 funds). Printed beside the same writes done bare on the same
// DynamoDB Local in the same run: a 4-item transaction (campaign, validation, bids, code guard), 5
// conditional puts (the pairs) and 5 transactions of 5 items (pair check, 2 links, 2 makeup rows).
//
//   npx tsx tests/bench/campaign-save.bench.ts [--saves 30]
import { parseArgs } from 'node:util';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { runCampaignSave } from '../../frontend/src/features/campaigns/save-sequence.ts';
import { CAMPAIGN_DEFAULTS, CAMPAIGN_VALIDATION_DEFAULTS } from '#shared/campaign.ts';
import { percentile, rawTransactionTimes } from './raw-dynamodb.ts';
import { BENCH_ORIGIN, withBenchStack } from './bench-stack.ts';

const { values: args } = parseArgs({ options: { saves: { type: 'string', default: '30' } } });
const SAVES = Number(args.saves);
const ORIGIN = BENCH_ORIGIN;
const WARM_UP = 3;
const VENDORS = 5;
const FUNDS_PER_VENDOR = 2;

await withBenchStack({ name: 'campaign-save' }, () => run());

interface BenchVendor {
  CampaignVendorId: string;
  VendorId: string;
  FundIds: string[];
}

async function run(): Promise<void> {
  // Imported after the environment points at the benchmark's own table.
  const { seed } = await import('#core/seed/index.ts');
  const { createSession } = await import('#core/identity/sessions.ts');
  const { docClient, tableName } = await import('#platform/dynamo.ts');
  const { Fund } = await import('#entities/fund.ts');
  const { Vendor } = await import('#entities/vendor.ts');
  const { startGateway } = await import('../../infra/local/gateway.ts');

  await seed({ agents: 1 });
  const vendorIds = (await Vendor.query.byName().all()).slice(0, VENDORS).map((v) => v.vendorId);
  const fundIds = (await Fund.query.byName().all()).map((f) => f.fundId);
  if (vendorIds.length < VENDORS || fundIds.length < FUNDS_PER_VENDOR) throw new Error(`the seed has ${vendorIds.length} vendors and ${fundIds.length} funds`);
  const cookie = `lc_session=${(await createSession('U-admin')).token}`;
  const gateway = await startGateway({ port: 0 });

  const call = async <T>(method: string, path: string, body: unknown): Promise<T> => {
    const res = await fetch(`${gateway.url}/api${path}`, { method, headers: { origin: ORIGIN, cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  const startDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const endDate = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  let saveNumber = 0;

  /** One save of a new campaign with 5 vendors and 10 fund links; its time in ms. */
  const save = async (): Promise<number> => {
    const n = saveNumber++;
    const vendors: BenchVendor[] = vendorIds.map((VendorId, v) => ({
      CampaignVendorId: '',
      VendorId,
      FundIds: Array.from({ length: FUNDS_PER_VENDOR }, (_x, f) => fundIds[(v * FUNDS_PER_VENDOR + f) % fundIds.length]!),
    }));
    const started = performance.now();
    await runCampaignSave<BenchVendor>(
      { campaignId: undefined, removedVendorIds: [], vendors },
      {
        saveCampaign: async () =>
          (
            await call<{ CampaignId: string }>('POST', `/campaign/start/${startDate}/end/${endDate}`, {
              Name: `Bench campaign ${n}`,
              Code: `BENCH-${n}`,
              Description: 'Campaign save benchmark',
              LeadType: 'Health',
              CrmLob: 'Health',
              BusinessOwner: 'Health Sales',
              Destination: 'CRM',
              StartDate: startDate,
              EndDate: endDate,
              ...CAMPAIGN_DEFAULTS,
              CampaignValidation: CAMPAIGN_VALIDATION_DEFAULTS,
              CallerLeadsBidCampaigns: [{ State: 'TX', Bid: 30, Zip: null }],
            })
          ).CampaignId,
        deleteVendor: async () => {},
        createVendor: async (vendor, CampaignId) =>
          (
            await call<{ CampaignVendorId: string }>('POST', '/campaignVendors', {
              CampaignId,
              VendorId: vendor.VendorId,
              VendorPrice: 12,
              CaptivePrice: 20,
              BrokerPrice: 25,
              CheckEbureau: false,
            })
          ).CampaignVendorId,
        updateVendor: () => Promise.reject(new Error('the benchmark saves new campaigns only')),
        saveFunds: async (vendor, CampaignVendorId) => {
          const saved = await call<unknown[]>(
            'PUT',
            '/fund/campaignvendorfunds',
            vendor.FundIds.map((FundId, i) => ({ CampaignVendorId, FundId, IsActive: true, Priority: i + 1, Action: 'AddFund' })),
          );
          if (saved.length !== FUNDS_PER_VENDOR) throw new Error(`PUT fund/campaignvendorfunds saved ${saved.length} links`);
        },
      },
    );
    return performance.now() - started;
  };

  /** The same writes, bare; a pair's conditional put stands in for POST campaignVendors. */
  const rawSave = async (): Promise<number> => {
    const started = performance.now();
    await rawTransactionTimes(4, 1);
    for (let v = 0; v < VENDORS; v++) {
      await docClient().send(
        new PutCommand({ TableName: tableName(), Item: { pk: `RAW#${crypto.randomUUID()}`, sk: 'CV', vendorPriceCents: 1_200 }, ConditionExpression: 'attribute_not_exists(pk)' }),
      );
      await rawTransactionTimes(1 + 2 * FUNDS_PER_VENDOR, 1);
    }
    return performance.now() - started;
  };

  try {
    console.log(`DynamoDB Local (in memory), Node ${process.version}; a new campaign with ${VENDORS} campaign vendors and ${VENDORS * FUNDS_PER_VENDOR} fund links, ${SAVES} sequential saves`);
    for (let i = 0; i < WARM_UP; i++) {
      await save();
      await rawSave();
    }
    const samples: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < SAVES; i++) {
      samples.push(await save());
      raw.push(await rawSave());
    }
    const [p50, rawP50] = [percentile(samples, 50), percentile(raw, 50)];
    console.log(`campaign save (1 + ${VENDORS} + ${VENDORS} calls through the gateway): median ${fmt(p50)} ms, p95 ${fmt(percentile(samples, 95))} ms, max ${fmt(Math.max(...samples))} ms`);
    console.log(`raw DynamoDB Local, the same writes bare: median ${fmt(rawP50)} ms, p95 ${fmt(percentile(raw, 95))} ms`);
    console.log(`campaign save median / raw median = ${(p50 / rawP50).toFixed(2)}x`);
  } finally {
    await gateway.stop();
  }
}

function fmt(ms: number): string {
  return ms.toFixed(1);
}
