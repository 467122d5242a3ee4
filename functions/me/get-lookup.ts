// GET /api/lookup?category=, GET /api/campaign/leadtypes, GET /api/campaign/crmlob: reference lists.
// Staff lookups live in the table; time zones and US states come from shared/.
import { storedLookups } from '#core/catalogue/lookups.ts';
import { ok, route } from '#platform/http.ts';
import { LOOKUP_CATEGORIES, US_STATES, type LookupCategory, type STORED_LOOKUP_CATEGORIES } from '#shared/lookups.ts';
import { TIME_ZONES } from '#shared/time-zones.ts';

interface LookupItem {
  Category: LookupCategory;
  Value: string;
  Name: string;
}

async function itemsOf(category: LookupCategory): Promise<LookupItem[]> {
  if (category === 'TimeZone') return Object.keys(TIME_ZONES).map((Value) => ({ Category: category, Value, Name: Value }));
  if (category === 'State') return US_STATES.map((s) => ({ Category: category, Value: s.StateAbbreviation, Name: s.StateName }));
  const stored = await storedLookups(category);
  return stored.map((l) => ({ Category: category, Value: l.value, Name: l.name }));
}

export const getLookup = route('me.lookup', {
  handle: async ({ query }) => {
    const categories = query.category ? [query.category] : [...LOOKUP_CATEGORIES];
    return ok((await Promise.all(categories.map(itemsOf))).flat());
  },
});

const namesOf = async (category: (typeof STORED_LOOKUP_CATEGORIES)[number]) =>
  ok((await itemsOf(category)).map((i) => ({ Name: i.Name, Value: i.Value })));

export const listLeadTypes = route('me.leadTypes', { handle: () => namesOf('LeadType') });
export const listCrmLob = route('me.crmLob', { handle: () => namesOf('CrmLob') });
