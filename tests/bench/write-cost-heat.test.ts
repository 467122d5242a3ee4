// Partition heat of lead sales (issue "One stream, one projector"): every DynamoDB call of 80 sales
// over 40 agents' orders is recorded through the platform's client, the projector's writes of their records
// included (the file's table streams to the projector, and the recording lasts until it has applied
// them), grouped by the partition key each write touches in the table and in every index, and scaled to
// 1,000 sales a second. In AWS one partition takes about 1,000 write units a second. A key every sale
// writes takes the whole rate; a key of one agent or order takes its share, 1/40 of the sales here (25
// a second, which no order's caps allow: a marketplace at that volume spreads them over thousands). The
// first recording (8 agents) gave each order an eighth of 1,000 sales a second, an artefact of the sample.
//
//   npm run bench -- write-cost        (or: npx vitest run --project bench tests/bench/write-cost-heat.test.ts)
import { beforeAll, describe, expect, it } from 'vitest';
import { useApiHarness } from '../support/api-harness.ts';
import { partitionsWritten, recordDynamoCalls, writeCostOf, type DynamoRecorder } from '../support/dynamo-recorder.ts';
import { useLeadFixture } from '../support/lead-fixture.ts';

const api = useApiHarness({ projector: true });
const fx = useLeadFixture(api, {
  codeLetter: 'W',
  names: { campaign: 'WriteHeat' },
  agentDefaults: { balanceCents: 500_000 },
  postDefaults: { StateCode: 'WY', ZipCode: '82001' },
});

const { docClient } = await import('#platform/dynamo.ts');

let recorder: DynamoRecorder;

beforeAll(() => {
  recorder = recordDynamoCalls(docClient());
  return () => recorder.restore();
});

describe('partition heat', () => {
  it('of lead sales at 1,000 a second: the write units each partition key (table and index) would take, the projector included', async () => {
    // Sales spread over agents as the engine spreads them; a key every sale writes takes the full rate.
    const AGENTS = 40;
    const SALES = 80;
    for (let i = 0; i < AGENTS; i++) await fx.agentWithOrder({ state: 'WY', zip: '82001' });
    expect((await fx.post()).body.Result).toBe('sold');
    await api.settled();
    const calls = await recorder.during(async () => {
      for (let i = 0; i < SALES; i++) expect((await fx.post()).body.Result).toBe('sold');
      await api.settled();
    });
    const perKey = new Map<string, number>();
    for (const { key, units } of partitionsWritten(writeCostOf(calls))) perKey.set(key, (perKey.get(key) ?? 0) + units);
    const rate = (units: number) => Math.round((units / SALES) * 1_000);
    const top = [...perKey].sort((a, b) => b[1] - a[1]).slice(0, 10);
    console.log(
      `\nPartition heat of lead sales scaled to 1,000 sales/s, projector writes included (${SALES} sales over ${AGENTS} agents recorded; AWS: about 1,000 write units/s per partition):\n` +
        top.map(([key, units]) => `  ${String(rate(units)).padStart(6)} WCU/s  ${key}${rate(units) > 1_000 ? '  OVER' : ''}`).join('\n'),
    );
    console.log(`  keys over 1,000 WCU/s: ${[...perKey.values()].filter((u) => rate(u) > 1_000).length} of ${perKey.size}`);
    // The hottest key of each family (index and key prefix), so a sharded family's spread shows beside the top 10.
    const families = new Map<string, [string, number]>();
    for (const [key, units] of perKey) {
      const family = key.replace(/#.*/, '#…');
      if ((families.get(family)?.[1] ?? -1) < units) families.set(family, [key, units]);
    }
    console.log(`  hottest of each family: ${[...families.values()].sort((a, b) => b[1] - a[1]).map(([key, units]) => `${key} ${rate(units)}`).join('; ')}`);
  });
});
