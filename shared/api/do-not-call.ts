// The API contract of the do-not-call lists (issue 24, "Compliance at intake"): the lists with their
// counts and last upload, a ticket to upload a list's CSV (replacing it or adding to it: the file goes
// through the CSV upload pipeline, docs/api.md "CSV uploads"), and a list switched on or off. They are
// campaigns-area calls: the lists decide which leads the campaigns take (CAN_EDIT_CAMPAIGNS).
import { z } from 'zod';
import { DNC_MODES, dncListNameSchema, dncMessages } from '../do-not-call.ts';
import { built, idParam } from './define.ts';
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

export const doNotCallApi = {
  /** Every list, by name. */
  'campaigns.doNotCallLists': built({ response: z.array(dncListSchema) }),
  /** A ticket for a list's CSV (a new name makes the list); poll the upload's status with uploads.status. */
  'campaigns.doNotCallUpload': built({ body: dncUploadRequestSchema, response: uploadTicketSchema, status: 201 }),
  /** Switches a list on or off; the engine refuses or takes its numbers again within the projector's lag. */
  'campaigns.doNotCallList': built({ params: dncListParams, body: dncListUpdateSchema, response: dncListSchema }),
} as const;
