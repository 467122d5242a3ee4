// Optimistic concurrency for staff edits of the catalogue (campaigns, vendors, funds, rules, contract
// maps). Every editable item carries a revision that starts at 1 and grows by one on each change; the
// browser sends back the revision it read, and the server writes only if the item still has it. Two
// people editing the same campaign therefore cannot silently overwrite each other: the second save
// gets 409 with this message and the form keeps what they typed.
import { z } from 'zod';

export const STALE_EDIT_MESSAGE =
  'Someone else changed this record after you opened it. Reload the page to see their changes, then make your edit again.';

/** The revision the editor read (1 for a record never changed since its creation). */
export const revisionSchema = z.number().int().min(1).max(1_000_000_000);

/** Who changed an item last and when, as every catalogue answer shows it. */
export const auditFieldsSchema = z.object({
  /** The e-mail of the staff user who made the last change. */
  ModifiedBy: z.string(),
  /** UTC ISO time of the last change. */
  LastUpdated: z.string(),
  Revision: revisionSchema,
});
