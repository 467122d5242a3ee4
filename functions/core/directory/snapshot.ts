// The agent directory held in memory (docs/data-model.md §8, "agent directory"): every agent's row of
// the directory view, read from its shards and kept per process. Each read first asks the shards'
// versions (one consistent BatchGet of DIRECTORY_SHARDS small items) and reads again only the shards
// whose version moved, so a page costs a round trip plus in-memory filtering, sorting and slicing,
// and shows every change the projector has applied. Concurrent reads share one refresh.
import { batchGet } from '#platform/db.ts';
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

interface Held {
  versions: number[];
  shards: DirectoryEntry[][];
  snapshot: DirectorySnapshot;
}

let held: Held | undefined;
let refreshing: Promise<DirectorySnapshot> | undefined;

/** The directory as of the latest version the projector has raised. */
export function directorySnapshot(): Promise<DirectorySnapshot> {
  refreshing ??= refresh().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Forgets what this process holds (tests that replace the table under a running process). */
export function forgetDirectorySnapshot(): void {
  held = undefined;
}

async function refresh(): Promise<DirectorySnapshot> {
  const shards = [...Array(DIRECTORY_SHARDS).keys()];
  const found = await batchGet(
    shards.map((shard) => DirectoryShardVersion.key({ shard })),
    { consistent: true },
  );
  const versions = shards.map(() => 0);
  for (const item of found) {
    const v = DirectoryShardVersion.parse(item);
    versions[v.shard] = v.version;
  }
  const stale = held ? shards.filter((s) => held!.versions[s] !== versions[s]) : shards;
  if (held && stale.length === 0) return held.snapshot;
  const read = await Promise.all(stale.map((shard) => DirectoryRow.query.ofShard(shard).all({ consistent: true })));
  const rows = held ? [...held.shards] : shards.map((): DirectoryEntry[] => []);
  stale.forEach((shard, i) => {
    rows[shard] = read[i]!.flatMap(entryOf);
  });
  held = { versions, shards: rows, snapshot: new DirectorySnapshot(rows.flat()) };
  return held.snapshot;
}

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
