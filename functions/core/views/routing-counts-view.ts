// The routing rules' shown counts (CallCenterCount, PPCount), kept from the stored leads: a lead
// stored with the rule that routed it (`ruleId`, `routedTo`) ADDs one to that side on its shard of the
// rule's counts (entities/routing-rule.ts RouteCount), with the view's receipt of the lead
// (apply-once.ts), so a record applied twice adds nothing. Before, the engine ADDed them on the rule
// item, in the `RULES` partition every rule shares, beside each lead's decision.
import type { Lead } from '#entities/lead.ts';
import { ROUTE_COUNT_SHARDS, RouteCount } from '#entities/routing-rule.ts';
import { hashShard } from '#platform/shard.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { applyOnce, factOf } from './apply-once.ts';
import type { View } from './projector.ts';

const NAME = 'routing-counts';

/** The shard of a rule's counts a lead adds to. */
export const routeCountShard = (leadId: string): number => hashShard(leadId, ROUTE_COUNT_SHARDS);

export const routingCountsView: View = {
  name: NAME,
  sources: ['Lead'],
  async apply(record: ChangeRecord): Promise<void> {
    if (record.eventName !== 'INSERT' || entityOf(record) !== 'Lead') return;
    const lead = record.newImage as unknown as Lead;
    if (!lead.ruleId || !lead.routedTo) return;
    const side = lead.routedTo === 'callCenter' ? 'callCenter' : 'post';
    await applyOnce(NAME, factOf(record), [RouteCount.patchTx({ ruleId: lead.ruleId, shard: routeCountShard(lead.leadId) }, { add: { [side]: 1 } }, { upsert: true })]);
  },
};
