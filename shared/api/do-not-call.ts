// The API contract of the do-not-call lists (issue 24, "Compliance at intake"): the lists with their
// counts and last upload, a ticket to upload a list's CSV (replacing it or adding to it: the file goes
// through the CSV upload pipeline, docs/api.md "CSV uploads"), a list switched on or off, and the leads
// the lists refused in a range, by vendor (staff's figure of "rejected: do not call"). They are
// campaigns-area calls: the lists decide which leads the campaigns take (CAN_EDIT_CAMPAIGNS).
import { z } from 'zod';
import { DNC_MODES, dncListNameSchema, dncMessages } from '../do-not-call.ts';
import { built, idParam } from './define.ts';
import { partnerSummaryQuery } from './partner-data.ts';
import { UPLOAD_STATUSES, uploadRequestSchema, uploadTicketSchema } from './uploads.ts';

export const dncListSchema = z.object({
  ListId: z.string(),
  Name: z.string(),
  /** An inactive list refuses no lead; its numbers stay, and switching it on again uses them at once. */
  Active: z.boolean(),
  /** Numbers on the list as last applied (a replace counts its file; an add adds the numbers new to the list). */
  Count: z.number().int().nonnegative(),
  /** The last file sent for the list, and how it fared; null before the first. */
  LastUpload: z
    .object({
      UploadId: z.string(),
      FileName: z.string(),
      Mode: z.enum(DNC_MODES),
      /** UTC ISO time the ticket was handed out. */
      At: z.string(),
      By: z.string(),
      Status: z.enum(UPLOAD_STATUSES),
    })
    .nullable(),
  Updated: z.string(),
});
export type DncListDto = z.infer<typeof dncListSchema>;

export const dncUploadRequestSchema = uploadRequestSchema.extend({
  ListName: dncListNameSchema,
  Mode: z.enum(DNC_MODES, dncMessages.mode),
});
export type DncUploadRequest = z.input<typeof dncUploadRequestSchema>;
export type DncUploadBody = z.output<typeof dncUploadRequestSchema>;

export const dncListParams = z.object({ listId: idParam('List id') });

export const dncListUpdateSchema = z.object({ Active: z.boolean('Active must be true or false.') });

export const dncRefusalsSchema = z.object({
  From: z.string(),
  To: z.string(),
  /** Leads refused as do not call in the range (the days they arrived, Central), every vendor. */
  Refused: z.number().int().nonnegative(),
  /** Leads posted in the range, every vendor. */
  Posted: z.number().int().nonnegative(),
  /** The vendors with a refused lead in the range, the most refused first. */
  Vendors: z.array(z.object({ VendorId: z.string(), Name: z.string(), Refused: z.number().int().nonnegative(), Posted: z.number().int().nonnegative() })),
});
export type DncRefusalsDto = z.infer<typeof dncRefusalsSchema>;

export const doNotCallApi = {
  /** Every list, by name. */
  'campaigns.doNotCallLists': built({ response: z.array(dncListSchema) }),
  /** A ticket for a list's CSV (a new name makes the list); poll the upload's status with uploads.status. */
  'campaigns.doNotCallUpload': built({ body: dncUploadRequestSchema, response: uploadTicketSchema, status: 201 }),
  /** Switches a list on or off; the engine refuses or takes its numbers again within the projector's lag. */
  'campaigns.doNotCallList': built({ params: dncListParams, body: dncListUpdateSchema, response: dncListSchema }),
  /** The leads the lists refused from `from` to `to` (at most a year), in all and by vendor, from the vendors' day counters. */
  'campaigns.doNotCallRefusals': built({ query: partnerSummaryQuery, response: dncRefusalsSchema }),
} as const;
