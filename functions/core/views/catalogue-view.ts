// The catalogue's version (entities/catalogue-version.ts): a batch that applied a record of the
// catalogue the lead engine holds in memory (core/leads/validate.ts) raises it once, after the batch,
// so every engine reads the catalogue again. Raising again is harmless: a retried batch raises again.
// A batch with a do-not-call list's change also writes the active lists onto the version item (read
// consistently after the batch), in the same update; a read older than the one already there (batches
// of two shards finishing out of order) only raises the version.
import { CatalogueVersion } from '#entities/catalogue-version.ts';
import { DncList } from '#entities/do-not-call.ts';
import { ConditionFailed } from '#platform/db.ts';
import { entityOf, type ChangeRecord } from '#platform/stream.ts';
import { activeOf } from '#core/compliance/do-not-call-check.ts';
import type { View } from './projector.ts';
import { onForget } from '#platform/held.ts';

/** The entities whose items the engine holds (validate.ts, route.ts; the do-not-call lists: core/compliance/do-not-call-check.ts). */
const CATALOGUE = ['Campaign', 'CampaignValidation', 'Vendor', 'CampaignVendor', 'CampaignVendorFund', 'Fund', 'RoutingRule', 'ContractMap', 'CampaignBid', 'DncList'];

/**
 * Attributes the engine does not decide with: a routing rule's sequence block (route.ts takes one
 * every 20 leads per Lambda; raising the version for it would have every engine read the whole
 * catalogue again every few leads), and the correlation id a write carries.
 */
const NOT_DECIDED_WITH = new Set(['routeSeq', 'correlationId']);

/** Whether the record changes what the engine holds: a catalogue item made, removed, or changed in an attribute it decides with. */
export function changesCatalogue(record: ChangeRecord): boolean {
  if (!CATALOGUE.includes(entityOf(record) ?? '')) return false;
  if (record.eventName !== 'MODIFY' || !record.newImage || !record.oldImage) return true;
  const [before, after] = [record.oldImage, record.newImage];
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].some((name) => !NOT_DECIDED_WITH.has(name) && JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}

let changed = false;
let listsChanged = false;
onForget(() => {
  changed = false;
  listsChanged = false;
});

export const catalogueView: View = {
  name: 'catalogue',
  sources: CATALOGUE,
  async apply(record) {
    if (!changesCatalogue(record)) return;
    changed = true;
    if (entityOf(record) === 'DncList') listsChanged = true;
  },
  async afterBatch() {
    if (!changed) return;
    const withLists = listsChanged;
    changed = listsChanged = false;
    try {
      if (!withLists || !(await raiseWithLists())) await CatalogueVersion.patch({}, { add: { version: 1 } }, { upsert: true });
    } catch (err) {
      changed = true;
      listsChanged ||= withLists;
      throw err;
    }
  },
};

/** The version raised with the lists as they are now; false when a newer read of them is there already. */
async function raiseWithLists(): Promise<boolean> {
  const lists = await DncList.query.all().all({ consistent: true });
  const asOf = lists.reduce((latest, l) => (l.updatedAt > latest ? l.updatedAt : latest), '');
  try {
    await CatalogueVersion.patch(
      {},
      { add: { version: 1 }, set: { dncLists: activeOf(lists), dncAsOf: asOf } },
      { upsert: true, condition: { expression: 'attribute_not_exists(dncAsOf) OR dncAsOf <= :asOf', values: { ':asOf': asOf } } },
    );
    return true;
  } catch (err) {
    if (err instanceof ConditionFailed) return false;
    throw err;
  }
}
