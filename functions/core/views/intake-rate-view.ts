// The vendor API's posting rate (docs/api.md "Rate limit"), kept from the facts a vendor's post
// stores: a vendor's Lead (every stored outcome: sold, unsold, duplicate, rejected) and a Ping each
// ADD one to the vendor's count of their minute, on the fact's shard (entities/intake-rate.ts), with the view's receipt of
// the fact (apply-once.ts), so a record applied twice adds nothing. Before, admission ADDed the count
// itself, a write outside the lead's transaction on every post. Facts older than the count's hour (a
// rebuild) write nothing: only the current minute is ever read.
import { INTAKE_RATE_SHARDS, IntakeRate, rateMinute } from '#entities/intake-rate.ts';
import { hashShard } from '#platform/shard.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { applyOnce, factOf } from './apply-once.ts';
import type { View } from './projector.ts';

const NAME = 'intake-rate';
const KEPT_SECONDS = 3600;

export const intakeRateView: View = {
  name: NAME,
  sources: ['Lead', 'Ping'],
  async apply(record: ChangeRecord): Promise<void> {
    if (record.eventName !== 'INSERT') return;
    const entity = entityOf(record);
    const item = record.newImage as { source?: string; vendorId?: string; at?: string } | undefined;
    if (!item?.vendorId || typeof item.at !== 'string') return;
    if (entity === 'Lead' ? item.source !== 'vendor' : entity !== 'Ping') return;
    const ttl = Math.floor(Date.parse(item.at) / 1000) + KEPT_SECONDS;
    if (ttl * 1000 <= Date.now()) return;
    const fact = factOf(record);
    const shard = hashShard(fact, INTAKE_RATE_SHARDS);
    const minute = rateMinute(item.at);
    // The cell outlives the last fact of its minute by as long: every fact of the minute sets the same ttl, so a batch's facts of one cell join one write.
    const cellTtl = Math.floor(Date.parse(`${minute}:00.000Z`) / 1000) + 60 + KEPT_SECONDS;
    await applyOnce(NAME, fact, [IntakeRate.patchTx({ vendorId: item.vendorId, shard, minute }, { add: { count: 1 }, set: { ttl: cellTtl } }, { upsert: true })], ttl);
  },
};
