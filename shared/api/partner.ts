// The vendor partner portal's calls (issue 24): the vendor the portal shows, its users (the
// administrator invites colleagues, read-only or admin) and its integration (campaigns with the fields
// their criteria require, the token's last four, rotation). Every route sits under
// /partner/{vendorId} behind the manifest's "own vendor" rule (ownVendor in shared/manifest.ts).
import { z } from 'zod';
import { VENDOR_ROLES } from '../permissions.ts';
import { built, idParam, noContent, type AreaContract } from './define.ts';

/** The public page an invitation e-mail links to: what the partner portal is and the button that starts the sign-in. */
export const PARTNER_WELCOME_PATH = '/partner/welcome';

export const PARTNER_MESSAGES = {
  invalidEmail: 'Invalid email',
  nameTooLong: 'At most 100 characters.',
  roleRequired: 'Role must be admin or readOnly.',
  invited: 'Invitation sent.',
  inviteFailed: 'Unable to send the invitation.',
  roleChanged: 'Role changed.',
  removed: 'User removed.',
  userNotFound: 'User not found.',
  lastAdmin: 'A vendor needs at least one administrator: make someone else an administrator first.',
  staffOrAgent: 'This e-mail address belongs to a staff or agent user of the portal; a vendor user needs an address of its own.',
  otherVendor: 'This e-mail address belongs to a user of another vendor.',
  alreadyUser: 'This e-mail address is already a user of this vendor.',
  vendorNotFound: 'Vendor not found.',
} as const;

/** The vendor id in a partner path. */
export const vendorIdParam = idParam('Vendor id');
const vendorParams = z.object({ vendorId: vendorIdParam });
const userParams = z.object({ vendorId: vendorIdParam, userId: idParam('User id') });

export const vendorRoleSchema = z.enum(VENDOR_ROLES, { error: PARTNER_MESSAGES.roleRequired });

/** The portal's header: which vendor this is. */
export const partnerVendorSchema = z.object({
  VendorId: z.string(),
  Name: z.string(),
  Code: z.string(),
  /** 1 active, 0 inactive (the vendor table's Status). */
  Status: z.number(),
});
export type PartnerVendor = z.infer<typeof partnerVendorSchema>;

export const partnerUserSchema = z.object({
  UserId: z.string(),
  Email: z.string(),
  Name: z.string(),
  Role: vendorRoleSchema,
  /** When the user was invited (or created). */
  InvitedAt: z.string(),
  InvitedBy: z.string().nullable(),
});
export type PartnerUser = z.infer<typeof partnerUserSchema>;

export const partnerUsersSchema = z.object({ Users: z.array(partnerUserSchema) });

/** The invitation form (the browser's form and the server parse this one schema). */
export const inviteUserSchema = z.object({
  Email: z.string({ error: PARTNER_MESSAGES.invalidEmail }).trim().max(254, PARTNER_MESSAGES.invalidEmail).pipe(z.email(PARTNER_MESSAGES.invalidEmail)),
  Name: z.string().trim().max(100, PARTNER_MESSAGES.nameTooLong).default(''),
  Role: vendorRoleSchema,
});
export type InviteUserForm = z.input<typeof inviteUserSchema>;

export const updateUserSchema = z.object({ Role: vendorRoleSchema });

/** One campaign the vendor posts to, with what its criteria ask of a lead. */
export const partnerCampaignSchema = z.object({
  CampaignId: z.string(),
  CampaignCode: z.string(),
  Name: z.string(),
  /** The campaign and the vendor's pairing both on. */
  Active: z.boolean(),
  /** Intake fields (shared/api/intake.ts names) a lead to this campaign must carry. */
  RequiredFields: z.array(z.string()),
  /** Consumer age limits of the campaign (0: none). */
  MinAge: z.number(),
  MaxAge: z.number(),
});
export type PartnerCampaign = z.infer<typeof partnerCampaignSchema>;

export const partnerIntegrationSchema = z.object({
  VendorId: z.string(),
  /** The token's last four characters; null before the first token. */
  TokenLastFour: z.string().nullable(),
  /** The sandbox token's last four (leads posted with it are answered, never sold or kept); null before the first. */
  SandboxTokenLastFour: z.string().nullable(),
  Campaigns: z.array(partnerCampaignSchema),
  /** The lead API's machine-readable description. */
  OpenApiUrl: z.string(),
});
export type PartnerIntegration = z.infer<typeof partnerIntegrationSchema>;

/** A new token, shown this once. */
export const partnerTokenSchema = z.object({ Token: z.string(), TokenLastFour: z.string() });
export type PartnerToken = z.infer<typeof partnerTokenSchema>;

/** The portal's own calls; its data screens' calls are in partner-data.ts (the index checks the area is whole). */
export const partnerApi = {
  'partner.vendor': built({ params: vendorParams, response: partnerVendorSchema }),
  'partner.users': built({ params: vendorParams, response: partnerUsersSchema }),
  'partner.inviteUser': built({ params: vendorParams, body: inviteUserSchema, response: partnerUserSchema, status: 201 }),
  'partner.updateUser': built({ params: userParams, body: updateUserSchema, response: partnerUserSchema }),
  'partner.removeUser': built({ params: userParams, response: noContent, status: 204 }),
  'partner.integration': built({ params: vendorParams, response: partnerIntegrationSchema }),
  'partner.rotateToken': built({ params: vendorParams, response: partnerTokenSchema }),
  'partner.rotateSandboxToken': built({ params: vendorParams, response: partnerTokenSchema }),
} satisfies Partial<AreaContract<'partner'>>;
