// The catalogue's version (entities/catalogue-version.ts): a batch that applied a record of the
// catalogue the lead engine holds in memory (core/leads/validate.ts) raises it once, after the batch,
// so every engine reads the catalogue again. Raising again is harmless: a retried batch raises again.
import { CatalogueVersion } from '#entities/catalogue-version.ts';
import { entityOf } from '#platform/stream.ts';
import type { View } from './projector.ts';

/** The entities whose items the engine holds (validate.ts, route.ts; the do-not-call lists: core/compliance/do-not-call-check.ts). */
const CATALOGUE = ['Campaign', 'CampaignValidation', 'Vendor', 'CampaignVendor', 'CampaignVendorFund', 'Fund', 'RoutingRule', 'ContractMap', 'CampaignBid', 'DncList'];

let changed = false;

export const catalogueView: View = {
  name: 'catalogue',
  sources: CATALOGUE,
  async apply(record) {
    if (CATALOGUE.includes(entityOf(record) ?? '')) changed = true;
  },
  async afterBatch() {
    if (!changed) return;
    changed = false;
    try {
      await CatalogueVersion.patch({}, { add: { version: 1 } }, { upsert: true });
    } catch (err) {
      changed = true;
      throw err;
    }
  },
};
