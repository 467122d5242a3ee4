// POST /api/PriceFactor/bulkImport: a ticket to upload the replacement CSV (docs/api.md "CSV uploads");
// the csvProcess job checks and applies the file once it lands.
import { mintUploadTicket } from '#core/uploads/tickets.ts';
import { created, route } from '#platform/http.ts';

export const importPriceFactorsRoute = route('priceFactors.bulkImport', {
  handle: async ({ body, user }) => created(await mintUploadTicket('priceFactors', body, user)),
});
