// Write sharding: keys every agent, sale or entry would otherwise share are spread over a few
// partitions (AWS takes about 1,000 write units a second per partition).

/** Shards of the by-day indexes every agent's day sum and every sale would share (`DAYSUM_DAY#`, `SALES_DAY#`): ~250 WCU/s each at 1,000 sales/s. */
export const DAY_INDEX_SHARDS = 4;

/** The shard (0 .. shards-1) a value's items go to, by FNV-1a of the value: one value's items stay in one shard. */
export function hashShard(value: string, shards: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) h = Math.imul(h ^ value.charCodeAt(i), 0x01000193);
  return (h >>> 0) % shards;
}
