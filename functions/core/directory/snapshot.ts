// The agent directory held in memory (docs/data-model.md §8, "agent directory"): every agent's row of
// the directory view, refreshed by shard version (views/held-shards.ts), so a page costs a round trip
// plus in-memory filtering, sorting and slicing.
import { heldShards } from '#core/views/held-shards.ts';
import { DIRECTORY_SHARDS, DirectoryRow, DirectoryShardVersion } from '#entities/directory-row.ts';
import type { AgentStatus, AgentType } from '#shared/agent-list.ts';

/** A listed agent with everything the row, the CSV and the sorts need; money in cents. */
export interface DirectoryEntry {
  agentId: string;
  firstName: string;
  lastName: string;
  status: AgentStatus;
  type: AgentType;
  parentAgentId?: string;
  lastLoginAt?: string;
  lastLeadAt?: string;
  terminationDate?: string;
  priority: number;
  balanceCents: number;
  creditLineCents: number;
}

/** One read of the directory: its entries and what is derived from them once (the sorted orders, the hierarchy). */
export class DirectorySnapshot {
  readonly entries: readonly DirectoryEntry[];
  private readonly memo = new Map<string, unknown>();

  constructor(entries: readonly DirectoryEntry[]) {
    this.entries = entries;
  }

  /** Computed once per snapshot. */
  derived<T>(name: string, make: () => T): T {
    if (!this.memo.has(name)) this.memo.set(name, make());
    return this.memo.get(name) as T;
  }

  /**
   * The agents below `ancestorId` at any depth (not the agent), by the profiles' parents: the
   * hierarchy's closure items (which ownership checks read) are written with the parent they follow
   * (the seed, moveAgent), so both name the same team.
   */
  downlineOf(ancestorId: string): Set<string> {
    const children = this.derived('children', () => {
      const map = new Map<string, string[]>();
      for (const e of this.entries) if (e.parentAgentId) map.set(e.parentAgentId, [...(map.get(e.parentAgentId) ?? []), e.agentId]);
      return map;
    });
    const below = new Set<string>();
    const stack = [...(children.get(ancestorId) ?? [])];
    while (stack.length) {
      const id = stack.pop()!;
      if (below.has(id) || id === ancestorId) continue;
      below.add(id);
      stack.push(...(children.get(id) ?? []));
    }
    return below;
  }
}

/** The directory as of the latest version the projector has raised. */
export const directorySnapshot = heldShards({
  shards: DIRECTORY_SHARDS,
  versionKey: (shard) => DirectoryShardVersion.key({ shard }),
  versionOf: (item) => DirectoryShardVersion.parse(item),
  readShard: async (shard) => (await DirectoryRow.query.ofShard(shard).all({ consistent: true })).flatMap(entryOf),
  build: (entries: DirectoryEntry[]) => new DirectorySnapshot(entries),
});

/** A row as a listed agent; a row whose profile is not projected yet is not listed. */
function entryOf(r: DirectoryRow): DirectoryEntry[] {
  if (r.firstName === undefined || r.lastName === undefined || r.status === undefined || r.type === undefined || r.priority === undefined) return [];
  return [
    {
      agentId: r.agentId,
      firstName: r.firstName,
      lastName: r.lastName,
      status: r.status,
      type: r.type,
      ...(r.parentAgentId ? { parentAgentId: r.parentAgentId } : {}),
      ...(r.lastLoginAt ? { lastLoginAt: r.lastLoginAt } : {}),
      ...(r.lastLeadAt ? { lastLeadAt: r.lastLeadAt } : {}),
      ...(r.terminationDate ? { terminationDate: r.terminationDate } : {}),
      priority: r.priority,
      balanceCents: r.balanceCents ?? 0,
      creditLineCents: r.creditLineCents ?? 0,
    },
  ];
}
