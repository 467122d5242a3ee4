// The agent directory's view (docs/data-model.md §8): one compact row per agent with what the Agents
// page, My Team, the agents CSV and the transfer search list, sort and filter by, kept by the
// projector from the agent's profile and balance items. Rows are spread over DIRECTORY_SHARDS
// partitions so a whole directory reads as that many Queries side by side, and each shard's version
// item tells a reader holding the directory in memory which shards to read again.
import { z } from 'zod';
import { defineEntity } from '#platform/entity.ts';
import { hashShard } from '#platform/shard.ts';

export const DIRECTORY_SHARDS = 16;

/** The shard of an agent's row: fixed by the id, so every write of one agent goes to one partition. */
export const shardOf = (agentId: string): number => hashShard(agentId, DIRECTORY_SHARDS);

const onOff = z.union([z.literal(0), z.literal(1)]);

export const DirectoryRow = defineEntity({
  entity: 'DirectoryRow',
  version: 1,
  schema: z.object({
    shard: z.number().int().nonnegative(),
    agentId: z.string(),
    // From the profile (absent until the profile's record is projected: such a row is not listed).
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    status: onOff.optional(),
    type: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
    priority: z.number().int().optional(),
    parentAgentId: z.string().optional(),
    lastLoginAt: z.string().optional(),
    lastLeadAt: z.string().optional(),
    terminationDate: z.string().optional(),
    // From the balance item.
    balanceCents: z.number().int().optional(),
    creditLineCents: z.number().int().optional(),
  }),
  /** an agent's row */
  key: (r: { shard: number; agentId: string }) => ({ pk: `DIRECTORY#${r.shard}`, sk: `AGENT#${r.agentId}` }),
  queries: {
    /** every row of a shard */
    ofShard: (shard: number) => ({ pk: `DIRECTORY#${shard}`, sk: { beginsWith: 'AGENT#' } }),
  },
});
export type DirectoryRow = z.infer<typeof DirectoryRow.schema>;

/** A shard's version: raised by the projector after it wrote rows of the shard (once per batch). */
export const DirectoryShardVersion = defineEntity({
  entity: 'DirectoryShardVersion',
  version: 1,
  schema: z.object({ shard: z.number().int().nonnegative(), version: z.number().int().nonnegative() }),
  /** a shard's version */
  key: (v: { shard: number }) => ({ pk: `DIRECTORY#${v.shard}`, sk: 'VERSION' }),
});
export type DirectoryShardVersion = z.infer<typeof DirectoryShardVersion.schema>;
