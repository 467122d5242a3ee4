// The newest leads of a recent window read through the Lead month indexes (#65, #65b), bounded: the
// fill-rate preview and the rule simulation replay what arrived, never a Scan. Pages are read newest
// first; reading stops once `max` leads passed the filter, and the caller is told it stopped early.
// Only the few attributes a replay needs come back (a ProjectionExpression over the entity's own key
// condition): a lead item is ~1.5 KB with its consent and trace, its replay fields ~100 bytes, so a
// read of 10,000 leads moves and parses a tenth of what whole items would.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { monthsOf } from '#core/leads/all-leads.ts';
import { Lead, type Lead as LeadItem } from '#entities/lead.ts';
import { docClient, tableName } from '#platform/dynamo.ts';
import { timeRange } from '#platform/keys.ts';
import { TABLE_KEYS } from '#platform/table-definition.ts';

/** Lead statuses that reached routing (not rejected, not duplicates). */
export const ROUTED_STATUSES = ['Sold', 'Unsold', 'CallCenter'] as const;
/** Lead statuses that were offered to orders (routing sent them to the post target). */
export const OFFERED_STATUSES = ['Sold', 'Unsold'] as const;

/** What a replay reads of a lead. */
export type ReplayLead = Pick<LeadItem, 'at' | 'campaignId' | 'vendorId' | 'stateCode' | 'zipCode' | 'leadStatus'>;
const FIELDS = ['at', 'campaignId', 'vendorId', 'stateCode', 'zipCode', 'leadStatus'] as const;

export interface RecentLeads {
  /** Newest first. */
  leads: ReplayLead[];
  /** True when more leads of the window passed the filter than `max`: only the newest were read. */
  stopped: boolean;
}

/**
 * The leads of [from, to) in one index family (all leads, or one campaign's), newest first, at most
 * `max` of those whose status is one of `statuses`. Pages are at most 1,000 items.
 */
export async function recentLeads(opts: { from: string; to: string; campaignId?: string; max: number; statuses: readonly string[] }): Promise<RecentLeads> {
  const sk = timeRange('', opts.from, opts.to);
  const leads: ReplayLead[] = [];
  for (const month of monthsOf(opts.from, opts.to).reverse()) {
    const key = (opts.campaignId ? Lead.query.ofCampaignMonth(opts.campaignId, month) : Lead.query.ofMonth(month)).within(sk).key;
    const names = TABLE_KEYS.indexes.find((ix) => ix.name === key.index)!;
    const between = 'between' in key.sk! ? key.sk.between : undefined;
    let start: Record<string, unknown> | undefined;
    do {
      const out = await docClient().send(
        new QueryCommand({
          TableName: tableName(),
          IndexName: key.index,
          KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
          FilterExpression: `#status IN (${opts.statuses.map((_, i) => `:st${i}`).join(', ')})`,
          ProjectionExpression: FIELDS.map((f) => `#f_${f}`).join(', '),
          ExpressionAttributeNames: { '#pk': names.partitionKey, '#sk': names.sortKey, '#status': 'leadStatus', ...Object.fromEntries(FIELDS.map((f) => [`#f_${f}`, f])) },
          ExpressionAttributeValues: { ':pk': key.pk, ':from': between![0], ':to': between![1], ...Object.fromEntries(opts.statuses.map((s, i) => [`:st${i}`, s])) },
          ScanIndexForward: false,
          Limit: 1_000,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of (out.Items ?? []) as ReplayLead[]) {
        if (leads.length >= opts.max) return { leads, stopped: true };
        leads.push(item);
      }
      start = out.LastEvaluatedKey;
    } while (start);
  }
  return { leads, stopped: false };
}
