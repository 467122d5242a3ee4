// The agent directory's rows (entities/directory-row.ts) from the agents' profile and balance items and
// their lead sales: each record sets the row's fields its item owns, as the item holds them after the
// write, so a record applied twice changes nothing and the profile's and the balance's records, which
// own different fields, may interleave. Last Lead is the latest of the sales' times (and of a profile's
// stored one): a maximum, so in any order and any number of times. A batch's balances and sales are
// written at its end, once per agent (a sale's balance and Last Lead together). After a batch, each shard a row was written in has its version raised once,
// which tells the in-memory directories (core/directory/snapshot.ts) to read that shard again.
import { AgentProfile } from '#entities/agent-profile.ts';
import { Balance } from '#entities/balance.ts';
import { DirectoryRow, DirectoryShardVersion, shardOf } from '#entities/directory-row.ts';
import { batchGet, ConditionFailed } from '#platform/db.ts';
import { LeadSale } from '#entities/lead-sale.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { shardVersionRaiser } from './held-shards.ts';
import type { View } from './projector.ts';
import { kept } from '#platform/held.ts';

/** The profile's optional fields a row copies: removed from the row when the profile no longer has them. */
const OPTIONAL = ['parentAgentId', 'lastLoginAt', 'terminationDate'] as const;

/** Notes the shards written, and raises their versions once after a batch. */
const written = shardVersionRaiser((shard) => DirectoryShardVersion.patch({ shard }, { add: { version: 1 } }, { upsert: true }));

async function applyProfile(record: ChangeRecord): Promise<void> {
  const agentId = String((record.newImage ?? record.oldImage)?.agentId);
  const shard = shardOf(agentId);
  if (!record.newImage) {
    // What the batch's earlier records set on the row would make it again at the batch's end.
    pending.delete(agentId);
    await DirectoryRow.delete({ shard, agentId });
  } else {
    const p = AgentProfile.parse(record.newImage);
    const set = { firstName: p.firstName, lastName: p.lastName, status: p.status, type: p.type, priority: p.priority, ...Object.fromEntries(OPTIONAL.filter((k) => p[k] !== undefined).map((k) => [k, p[k]])) };
    await DirectoryRow.patch({ shard, agentId }, { set, remove: OPTIONAL.filter((k) => p[k] === undefined) }, { upsert: true });
    if (p.lastLeadAt) await raiseLastLead(agentId, p.lastLeadAt);
  }
  written.wrote(shard);
}

/** The row holds no Last Lead, or an earlier one than `at`. */
const LAST_LEAD_EARLIER = (at: string) => ({ expression: 'attribute_not_exists(lastLeadAt) OR lastLeadAt < :at', values: { ':at': at } });

/** Sets the row's Last Lead to `at` (and `also`) unless it holds a later one; false when it does. */
async function raiseLastLead(agentId: string, at: string, also: Partial<DirectoryRow> = {}): Promise<boolean> {
  try {
    await DirectoryRow.patch({ shard: shardOf(agentId), agentId }, { set: { ...also, lastLeadAt: at } }, { upsert: true, condition: LAST_LEAD_EARLIER(at) });
    return true;
  } catch (err) {
    if (!(err instanceof ConditionFailed)) throw err;
    return false;
  }
}

/**
 * What a batch's sales and balances set on rows, by agent, written once at the batch's end: the
 * balance as its last record holds it (an item's records come in order) and the latest sale's time.
 * A sale moves its buyer's balance and Last Lead: one write for the two.
 */
const pending = kept(new Map<string, { balance?: Pick<Balance, 'balanceCents' | 'creditLineCents'>; lastLeadAt?: string }>());

const later = (a: string | undefined, b: string) => (a === undefined || b > a ? b : a);

/** Rows written at once at a batch's end. */
const ROWS_AT_ONCE = 50;

/** Writes the batch's rows, each once (the balance alone where the row holds a later Last Lead), and notes their shards. */
async function writePending(): Promise<void> {
  const rows = [...pending];
  // A batch that fails here is delivered again, and its records set the rows again.
  pending.clear();
  for (let i = 0; i < rows.length; i += ROWS_AT_ONCE)
    await Promise.all(
      rows.slice(i, i + ROWS_AT_ONCE).map(async ([agentId, { balance, lastLeadAt }]) => {
        const raised = lastLeadAt !== undefined && (await raiseLastLead(agentId, lastLeadAt, balance));
        if (balance && !raised) await DirectoryRow.patch({ shard: shardOf(agentId), agentId }, { set: balance }, { upsert: true });
        written.wrote(shardOf(agentId));
      }),
    );
}

async function applySale(record: ChangeRecord): Promise<void> {
  if (record.eventName !== 'INSERT' || !record.newImage) return;
  const sale = LeadSale.parse(record.newImage);
  const row = pending.get(sale.recipientAgentId) ?? {};
  pending.set(sale.recipientAgentId, { ...row, lastLeadAt: later(row.lastLeadAt, sale.at) });
}

/** An agent's Last Lead as the directory holds it (a sale's time), for the account's own screens. */
export async function lastLeadOf(agentId: string): Promise<string | undefined> {
  return (await DirectoryRow.get({ shard: shardOf(agentId), agentId }))?.lastLeadAt;
}

async function applyBalance(record: ChangeRecord): Promise<void> {
  if (!record.newImage) return;
  const b = Balance.parse(record.newImage);
  const old = record.oldImage;
  if (old && old.balanceCents === b.balanceCents && old.creditLineCents === b.creditLineCents) return;
  pending.set(b.agentId, { ...pending.get(b.agentId), balance: { balanceCents: b.balanceCents, creditLineCents: b.creditLineCents } });
}

export const directoryView: View = {
  name: 'directory',
  sources: ['AgentProfile', 'Balance', 'LeadSale'],
  async apply(record) {
    const entity = entityOf(record);
    if (entity === 'AgentProfile') await applyProfile(record);
    else if (entity === 'Balance') await applyBalance(record);
    else if (entity === 'LeadSale') await applySale(record);
  },
  // The rows first, then the versions of the shards they were written in.
  afterBatch: async () => {
    await writePending();
    await written.afterBatch();
  },
};

/**
 * Writes the rows of the agents named from their profiles and balances as stored now (the seed, which
 * writes agents in bulk, so their list is whole before a projector has caught up on its stream).
 */
export async function projectAgents(agentIds: readonly string[]): Promise<void> {
  for (let i = 0; i < agentIds.length; i += 50) {
    const ids = agentIds.slice(i, i + 50);
    const items = await batchGet(ids.flatMap((agentId) => [AgentProfile.key({ agentId }), Balance.key({ agentId })]), { consistent: true });
    await Promise.all(items.map((item) => directoryView.apply({ eventId: 'seed', eventName: 'INSERT', sequenceNumber: '', keys: { pk: String(item.pk), sk: String(item.sk) }, newImage: item })));
  }
  await directoryView.afterBatch!();
}
