// The API contract of price factors (part 3 §3, §7): the whole set, and its replacement by a CSV upload.
import { z } from 'zod';
import { areaContract, built } from './define.ts';
import { uploadRequestSchema, uploadTicketSchema } from './uploads.ts';

/** One price factor (spec part 3 §3): a weight for values of Key from Min to Max (inclusive). */
export const priceFactorSchema = z.object({
  Key: z.string(),
  Min: z.number(),
  Max: z.number(),
  Weight: z.number(),
  /** UTC ISO times and the staff e-mails of who added the factor and who last changed its weight. */
  Created: z.string(),
  CreatedBy: z.string(),
  Modified: z.string(),
  ModifiedBy: z.string(),
});
export type PriceFactorDto = z.infer<typeof priceFactorSchema>;

export const priceFactorsApi = areaContract<'priceFactors'>()({
  /** Every factor, sorted by Key then Min; the browser pages it 20 at a time. */
  'priceFactors.list': built({ response: z.array(priceFactorSchema) }),
  /** A ticket for uploading the replacement CSV (docs/api.md "CSV uploads"). */
  'priceFactors.bulkImport': built({ body: uploadRequestSchema, response: uploadTicketSchema, status: 201 }),
});
