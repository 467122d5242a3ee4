// The me area's calls (spec part 1 §7): the signed-in user, configuration, feature flags and lookups.
import { z } from 'zod';
import { LOOKUP_CATEGORIES } from '../lookups.ts';
import { PERMISSIONS, ROLES, VENDOR_ROLES } from '../permissions.ts';
import { accountSchema } from './account.ts';
import { areaContract, built } from './define.ts';
import { notificationsSchema, seenLeadsSchema } from './notifications.ts';

/** The signed-in user (spec part 1 §3 Agent info), with the account for agent users. */
export const meSchema = z.object({
  AgentId: z.string().nullable(),
  Name: z.string(),
  EmailAddress: z.string(),
  Permissions: z.array(z.enum(PERMISSIONS).describe('Permission (shared/permissions.ts)')),
  Account: accountSchema.nullable(),
  IsSalesAssistant: z.boolean(),
  IsSponsorAgent: z.boolean(),
  IsFundPreview: z.boolean(),
  IsAdmin: z.boolean(),
  Roles: z.array(z.enum(ROLES)),
  // The server always sends the two below (issue 24); they are optional in the type only so screens and
  // fixtures written before the partner portal need not name them (absent reads as "not a vendor user").
  /** What kind of user this is: vendor users belong in the partner portal (issue 24), not the agent and staff portal. */
  Kind: z.enum(['staff', 'agent', 'vendor']).optional(),
  /** A vendor user's vendor, with its name for the partner portal's header (null for staff and agents). */
  Vendor: z.object({ VendorId: z.string(), Name: z.string(), Role: z.enum(VENDOR_ROLES) }).nullable().optional(),
});
export type MeDto = z.infer<typeof meSchema>;

/** The spec's environment names (part 1 §9). */
export const configsSchema = z.object({ Env: z.enum(['PROD', 'PRODSUPP', 'MODEL', 'DEV']), HelpUrl: z.string(), AgentPortalUrl: z.string() });

export const featureFlagsSchema = z.object({
  thirdPartyToggle: z.boolean(),
  liveTransferCallData: z.boolean(),
  liveTransferPhoneData: z.boolean(),
  trainingData: z.boolean(),
  validTrainingTitles: z.array(z.string()),
  env: z.enum(['PROD', 'PRODSUPP', 'MODEL', 'DEV']),
  /** Shows the New Fund Order button to managers and support (spec part 2 §2). */
  newFundOrderForStaff: z.boolean(),
});

const nameValue = z.object({ Name: z.string(), Value: z.string() });

export const meApi = areaContract<'me'>()({
  'me.get': built({ response: meSchema }),
  'me.configs': built({ response: configsSchema }),
  'me.featureFlags': built({ response: featureFlagsSchema }),
  'me.lookup': built({
    query: z.object({
      category: z.enum(LOOKUP_CATEGORIES, { error: `category must be one of ${LOOKUP_CATEGORIES.join(', ')}` }).optional(),
    }),
    response: z.array(z.object({ Category: z.enum(LOOKUP_CATEGORIES), Value: z.string(), Name: z.string() })),
  }),
  'me.leadTypes': built({ response: z.array(nameValue) }),
  'me.crmLob': built({ response: z.array(nameValue) }),
  // Live notifications (issue 23): the catch-up read and My Leads seen.
  'me.notifications': built({ response: notificationsSchema }),
  'me.seeLeads': built({ response: seenLeadsSchema }),
});
