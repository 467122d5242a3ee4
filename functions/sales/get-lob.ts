// GET /api/sales/lob/{contractNumber} (public): the line of business of the contract's campaign and
// the form it uses (part 3 §4, §7); an unknown contract number is 'Contract number is invalid.'.
import { guardRate, lineOfBusinessOf } from '#core/leads/public-forms.ts';
import { ok, route } from '#platform/http.ts';
import { callerOf } from './caller.ts';

export const getLob = route('sales.lob', {
  handle: async ({ params, event }) => {
    await guardRate('salesLookup', callerOf(event).ip);
    return ok(await lineOfBusinessOf(params.contractNumber));
  },
});
