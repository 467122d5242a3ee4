// The lead engine's route stage: the first routing rule that matches the lead (rules.ts `ruleFor`) and
// the lead's number in that rule's sequence; the split itself (call center or post target) is the
// decision's (decide.ts `routeTo`).
import { orderRules } from '#core/routing/routing-rules.ts';
import type { Campaign } from '#entities/campaign.ts';
import { RoutingRule } from '#entities/routing-rule.ts';
import { updateReturning } from '#platform/db.ts';
import { tableName } from '#platform/dynamo.ts';
import { throughHeld, type HeldCatalogue } from './held-catalogue.ts';
import { lineOfBusinessName, ruleFor } from './rules.ts';
import { kept } from '#platform/held.ts';

/** Sequence numbers of a rule a Lambda takes at once (one ADD of the rule's `routeSeq` per block). */
const ROUTE_BLOCK = 20;
/** The block of each rule this Lambda numbers its leads from, by table and rule (or the ADD taking it); one entry per rule. */
const routeBlocks = kept(new Map<string, { next: number; end: number } | Promise<void>>());

/**
 * The rule's next sequence number from this Lambda's block: numbers are handed out once (the block is
 * one atomic ADD of ROUTE_BLOCK), so the split of each block's leads is exact as the whole sequence
 * was, and the rule's item takes one write per ROUTE_BLOCK leads instead of two per lead. A block
 * left unused in part (a Lambda gone) skews the total by less than one lead per such block.
 */
async function nextRouteSeq(ruleId: string): Promise<number> {
  const key = `${tableName()}#${ruleId}`;
  for (;;) {
    const block = routeBlocks.get(key);
    if (block instanceof Promise) {
      await block;
      continue;
    }
    if (block && block.next <= block.end) return block.next++;
    const taking = updateReturning(RoutingRule.key({ ruleId }), { expression: 'ADD routeSeq :block', values: { ':block': ROUTE_BLOCK } }, { expression: 'attribute_exists(pk)' }).then((answer) => {
      const end = Number(answer.routeSeq);
      routeBlocks.set(key, { next: end - ROUTE_BLOCK + 1, end });
    });
    routeBlocks.set(key, taking);
    try {
      await taking;
    } catch (err) {
      routeBlocks.delete(key);
      throw err;
    }
  }
}

/** The rules in the order they apply, through the held catalogue (held-catalogue.ts). */
export const readRules = (catalogue: HeldCatalogue | undefined): Promise<RoutingRule[]> => throughHeld(catalogue, 'rules', async () => orderRules(await RoutingRule.query.all().all()));

/** The rule that takes the lead, with the lead's number in its sequence; none: the post target without a rule. */
export async function routeLead(rules: readonly RoutingRule[], lead: { zipCode: string; stateCode: string }, campaign: Campaign): Promise<{ ruleId: string; callCenterPercent: number; seq: number } | undefined> {
  const rule = ruleFor(rules, { zipCode: lead.zipCode, stateCode: lead.stateCode, lineOfBusiness: lineOfBusinessName(campaign.lob), campaignId: campaign.campaignId });
  return rule && { ruleId: rule.ruleId, callCenterPercent: rule.callCenterPercent, seq: await nextRouteSeq(rule.ruleId) };
}
