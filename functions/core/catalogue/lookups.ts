// The reference lists staff keep in the table (lead types, CRM lines of business, ...), by category.
import { Lookup } from '#entities/lookup.ts';

/** The stored values of a lookup category, in value order. */
export function storedLookups(category: string): Promise<Lookup[]> {
  return Lookup.query.ofCategory(category).all();
}
