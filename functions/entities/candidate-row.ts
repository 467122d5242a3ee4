// The lead engine's candidate snapshot (docs/data-model.md §8, "candidates"): one compact row per
// Active order and state it covers, with what the decision judges (core/leads/decide.ts): the order's
// header (caps, usage, recipients' counts, schedule, last lead, revision), its target in the state, its
// owner's facets and place, the owner's balance, and whether its split recipients are active. Kept by
// the projector from the facts (views/candidates-view.ts); a state's rows are spread over
// CANDIDATE_SHARDS partitions by order. Each shard has a version the projector raises after a batch
// that wrote in it, so the engine holds a state's rows in memory and reads again only the shards whose
// version moved (core/leads/snapshot.ts, views/held-shards.ts).
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { hashShard } from '#platform/shard.ts';
import { AgentProfile } from './agent-profile.ts';
import { Balance } from './balance.ts';
import { Order } from './order.ts';
import { OrderTarget } from './order-target.ts';

/** A state's row partitions: a sale rewrites its order's rows (~2 write units), so 1,000 sales a second in one state are ~500 a second per shard. */
export const CANDIDATE_SHARDS = 4;

export const candidateShardOf = (orderId: string): number => hashShard(orderId, CANDIDATE_SHARDS);

/** How many of the latest raises a shard's version item names the changed rows of (a reader further behind reads the whole shard). */
export const CHANGES_KEPT = 16;
/** Order ids the remembered raises name at most together (a raise of more names none: its shard is read whole). */
export const CHANGED_IDS_KEPT = 64;

const pick = <K extends string>(...keys: K[]) => Object.fromEntries(keys.map((k) => [k, true])) as { [P in K]: true };

export const CandidateRow = defineEntity({
  entity: 'CandidateRow',
  version: 1,
  schema: z.object({
    state: z.string(),
    order: Order.schema.pick(pick('orderId', 'userFacingOrderId', 'agentId', 'status', 'isFundOrder', 'selectedFundIds', 'campaigns', 'recipients', 'slots', 'maxPerHour', 'maxPerDay', 'maxPerWeek', 'maxPerMonth', 'receivedCounts', 'leadCount', 'lastLeadAt', 'usage', 'revision')),
    target: OrderTarget.schema.pick(pick('zips', 'fundIds', 'campaignVendors', 'active', 'revision')),
    owner: AgentProfile.schema
      .pick(pick('agentId', 'status', 'orderStatus', 'type', 'priority', 'timeZone', 'liveTransferStatus', 'thirdPartyLeadStatus'))
      .extend({ place: z.object({ latitude: z.number(), longitude: z.number() }).optional() }),
    balance: Balance.schema.pick(pick('agentId', 'balanceCents', 'creditLineCents', 'version', 'updatedAt', 'firstName', 'lastName', 'leadsStopped')).optional(),
    recipientsActive: z.record(z.string(), z.boolean()),
  }),
  /** an order's row in a state */
  key: (r: { state: string; order: { orderId: string } }) => ({ pk: `CANDIDATES#${r.state}#${candidateShardOf(r.order.orderId)}`, sk: `ORDER#${r.order.orderId}` }),
  queries: {
    /** the rows of one shard of a state */
    ofShard: (state: string, shard: number) => ({ pk: `CANDIDATES#${state}#${shard}`, sk: { beginsWith: 'ORDER#' } }),
  },
});
export type CandidateRow = z.infer<typeof CandidateRow.schema>;

export const CandidateShardVersion = defineEntity({
  entity: 'CandidateShardVersion',
  version: 1,
  schema: z.object({
    state: z.string(),
    shard: z.number().int().nonnegative(),
    /** raised after a batch that changed a row otherwise than by a sale (views/candidates-view.ts) */
    version: z.number().int().nonnegative().default(0),
    /** raised after a batch whose changes of the shard were all a sale's (an order's counters, a balance taken down): the engine may take them one read late */
    sales: z.number().int().nonnegative().default(0),
    /**
     * The rows each of the latest raises changed, by the sum of both versions after it (`n`): a reader
     * holding the shard at an earlier sum reads just those rows (`orders` absent: too many to name, read
     * the shard). At most CHANGES_KEPT raises and CHANGED_IDS_KEPT order ids together.
     */
    changes: z.array(z.object({ n: z.number().int().positive(), orders: z.array(z.string()).optional() })).default([]),
  }),
  /** a state's shard's versions (beside its rows, which all sort under ORDER#) */
  key: (v: { state: string; shard: number }) => ({ pk: `CANDIDATES#${v.state}#${v.shard}`, sk: 'VERSION' }),
});
export type CandidateShardVersion = z.infer<typeof CandidateShardVersion.schema>;
