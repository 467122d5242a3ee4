// The vendor API's rate limit without a write on the post's path: the projector's intake-rate view
// counts a vendor's stored leads and pings per minute (once each, however often a record is
// delivered), and admission refuses once the minute's count, or this process's own, reaches the limit.
import { describe, expect, it } from 'vitest';
import { useTestTable } from '../support/test-table.ts';

useTestTable();
const { intakeRateView } = await import('#core/views/intake-rate-view.ts');
const { INTAKE_RATE_SHARDS, IntakeRate, rateMinute } = await import('#entities/intake-rate.ts');
const { getMany } = await import('#platform/entity.ts');

/** A vendor's count of a minute, summed over its shards. */
const countOf = async (vendorId: string, minute: string) =>
  Object.values(await getMany(Object.fromEntries(Array.from({ length: INTAKE_RATE_SHARDS }, (_, shard) => [shard, IntakeRate.ref({ vendorId, shard, minute })])), { consistent: true })).reduce((sum, r) => sum + (r?.count ?? 0), 0);
const { checkVendorRate } = await import('#core/leads/vendor-intake.ts');
const { TooManyRequests } = await import('#platform/errors.ts');
const { project } = await import('#core/views/projector.ts');
const { callsByCommand } = await import('../support/dynamo-recorder.ts');
const { docClient } = await import('#platform/dynamo.ts');
const { marshall } = await import('@aws-sdk/util-dynamodb');

const insert = (pk: string, item: Record<string, unknown>) =>
  ({ eventId: pk, eventName: 'INSERT' as const, sequenceNumber: '1', keys: { pk, sk: 'LEAD' }, newImage: { pk, sk: 'LEAD', ...item } });

describe('the intake-rate view', () => {
  it("counts a vendor's stored leads and pings in their minute once each, and nothing of form leads or old facts", async () => {
    const at = new Date().toISOString();
    const vendorId = `V-rate-${Date.now()}`;
    const lead = insert('LEAD#r1', { entity: 'Lead', source: 'vendor', vendorId, at });
    await intakeRateView.apply(lead);
    await intakeRateView.apply(lead);
    await intakeRateView.apply(insert('PINGS#c#v', { entity: 'Ping', vendorId, at }));
    await intakeRateView.apply(insert('LEAD#r2', { entity: 'Lead', source: 'publicForm', at }));
    await intakeRateView.apply(insert('LEAD#r3', { entity: 'Lead', source: 'vendor', vendorId, at: new Date(Date.now() - 2 * 3600_000).toISOString() }));
    expect(await countOf(vendorId, rateMinute(at))).toBe(2);
  });

  it("refuses a post once the vendor's minute holds the limit over its shards, or once this process let in that many", async () => {
    const now = new Date();
    const counted = `V-counted-${Date.now()}`;
    await IntakeRate.put({ vendorId: counted, shard: 0, minute: rateMinute(now), count: 2, ttl: 2_000_000_000 });
    await IntakeRate.put({ vendorId: counted, shard: 3, minute: rateMinute(now), count: 1, ttl: 2_000_000_000 });
    await expect(checkVendorRate({ vendorId: counted, postsPerMinute: 3 }, now)).rejects.toBeInstanceOf(TooManyRequests);
    await expect(checkVendorRate({ vendorId: counted, postsPerMinute: 4 }, now)).resolves.toBeUndefined();
    const local = `V-local-${Date.now()}`;
    await checkVendorRate({ vendorId: local, postsPerMinute: 2 }, now);
    await checkVendorRate({ vendorId: local, postsPerMinute: 2 }, now);
    await expect(checkVendorRate({ vendorId: local, postsPerMinute: 2 }, now)).rejects.toBeInstanceOf(TooManyRequests);
  });

  it("writes a batch's posts of one minute as one transaction, each cell once, kept an hour past the minute", async () => {
    const vendorId = `V-batch-${Date.now()}`;
    const minute = rateMinute(new Date());
    const records = Array.from({ length: 12 }, (_, i) => {
      const item = { pk: `LEAD#b${i}-${vendorId}`, sk: 'LEAD', entity: 'Lead', source: 'vendor', vendorId, at: `${minute}:${String(i * 5).padStart(2, '0')}.000Z` };
      return { eventID: item.pk, eventName: 'INSERT' as const, dynamodb: { SequenceNumber: String(100 + i), Keys: marshall({ pk: item.pk, sk: item.sk }) as never, NewImage: marshall(item) as never } };
    });
    let outcome;
    const made = await callsByCommand(docClient(), async () => (outcome = await project(records, [intakeRateView])));
    expect(outcome).toEqual({ applied: 12 });
    expect(made.TransactWrite).toBe(1);
    expect(await countOf(vendorId, minute)).toBe(12);
    const cells = Object.values(await getMany(Object.fromEntries(Array.from({ length: INTAKE_RATE_SHARDS }, (_, shard) => [shard, IntakeRate.ref({ vendorId, shard, minute })])), { consistent: true })).filter((c) => c !== undefined);
    expect(new Set(cells.map((c) => c.ttl))).toEqual(new Set([Date.parse(`${minute}:00.000Z`) / 1000 + 60 + 3600]));
  });
});
