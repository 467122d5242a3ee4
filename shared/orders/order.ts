// What an order is, for the browser and the server alike (spec part 2 §3, §4, §9): statuses, the
// half-hour slot grid, day names, limits, the shapes of an order's parts on the wire, and the card
// texts. Each wizard step's rules and messages are in their own module beside this one (step-*.ts).
import { z } from 'zod';
import { ID_PATTERN } from '../api/define.ts';
import { US_STATES } from '../lookups.ts';

/** Order status (2§3): Inactive 0 shown as Paused, Active 1, Cancelled 2. */
export const ORDER_STATUS = { Paused: 0, Active: 1, Cancelled: 2 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_LABELS: Record<OrderStatus, 'Paused' | 'Active' | 'Cancelled'> = { 0: 'Paused', 1: 'Active', 2: 'Cancelled' };
export const orderStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/**
 * Status changes (2§4): the card toggle switches Active and Paused; Cancel moves Active or Paused to
 * Cancelled; Reactivate moves Cancelled to Paused (never straight to Active).
 */
export function isAllowedStatusChange(from: OrderStatus, to: OrderStatus): boolean {
  if (from === to) return false;
  if (from === ORDER_STATUS.Cancelled) return to === ORDER_STATUS.Paused;
  return true;
}

/** Half-hour slots (2§9): 0 is midnight, 48 the end of the day. */
export const SLOT_MIN = 0;
export const SLOT_MAX = 48;
/** Week starts Monday (2§9). */
export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type DayName = (typeof DAYS)[number];
export const DAY_SHORT: Record<DayName, string> = { Monday: 'MON', Tuesday: 'TUE', Wednesday: 'WED', Thursday: 'THU', Friday: 'FRI', Saturday: 'SAT', Sunday: 'SUN' };

/** 2§9 limits. */
export const ORDER_LIMITS = {
  nameMax: 50,
  /** Caps are normalised to at most 1000; the campaign flow's field takes at most 4 digits. */
  capMax: 1000,
  capDigitsCampaign: 4,
  percentageMax: 100,
  /**
   * How many funds, campaigns, recipients and slots one order may hold. One save is one DynamoDB
   * transaction (at most 100 items): header, geography, history, status history, the lead engine's
   * change item, the Open Orders all-states item (a delete and a put when the owner changes) and its
   * count (8), one routing target per state (at most the 51 of US_STATES, old and new together, since
   * the key is the state) and one item per recipient other than the owner, old and new together
   * (2 × 19): 97 at most.
   * Funds, campaigns and slots live on the header and cost no items.
   */
  fundsMax: 25,
  campaignsMax: 25,
  recipientsMax: 20,
  slotsMax: 20,
  /** Distinct zip codes an order may list (a 50-mile radius in a dense area is a few hundred). */
  zipCodesMax: 5000,
} as const;

/** A new fund order's schedule (2§4): one slot covering all seven days from slot 0 to 48. */
export const DEFAULT_SLOT = { StartSlot: SLOT_MIN, EndSlot: SLOT_MAX, Days: [...DAYS] as DayName[] };

/** "1:30 PM" for slot 27; slot 48 is "12:00 AM" (end of day). */
export function slotLabel(slot: number): string {
  const minutes = (slot % 48) * 30;
  const hours24 = Math.floor(minutes / 60);
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  return `${hours12}:${String(minutes % 60).padStart(2, '0')} ${hours24 < 12 ? 'AM' : 'PM'}`;
}

export const orderIdSchema = z.string().regex(ID_PATTERN, 'Order id must be 1 to 64 letters, digits, dashes or underscores.');
const entityId = (label: string) => z.string().regex(ID_PATTERN, `${label} must be 1 to 64 letters, digits, dashes or underscores.`);
export const fundIdSchema = entityId('Fund id');
export const campaignIdSchema = entityId('Campaign id');
export const vendorIdSchema = entityId('Vendor id');
export const recipientAgentIdSchema = entityId('Agent id');

const STATE_CODES = new Set(US_STATES.map((s) => s.StateAbbreviation));
/** A state entry (2§3): StateName, StateAbbreviation; the name is the server's, whatever is sent. */
export const stateEntrySchema = z.object({
  StateAbbreviation: z.string().refine((code) => STATE_CODES.has(code), 'State must be a two-letter code.'),
  StateName: z.string().max(60).optional(),
});
export type StateEntry = z.infer<typeof stateEntrySchema>;

/** A zip group (2§3): Key is its label (Zip Codes, a county, Area {scf}, a radius) and its zips. */
export const zipGroupSchema = z.object({
  Key: z.string().trim().min(1).max(120),
  ZipCodes: z.array(z.object({ ZipCode: z.string().regex(/^\d{5}$/, 'Invalid Zip Code') })).max(ORDER_LIMITS.zipCodesMax),
});
export type ZipGroup = z.infer<typeof zipGroupSchema>;

/** A recipient as the wizard sends it: an agent and a whole percentage 0 to 100. */
export const recipientInputSchema = z.object({
  AgentId: recipientAgentIdSchema,
  Percentage: z.number().int('Percentage must be a whole number.').min(0).max(ORDER_LIMITS.percentageMax),
});
export type RecipientInput = z.infer<typeof recipientInputSchema>;

/** A fund-flow time slot: start and end slot and full day names. */
export const timeSlotSchema = z.object({
  StartSlot: z.number().int().min(SLOT_MIN).max(SLOT_MAX).nullable(),
  EndSlot: z.number().int().min(SLOT_MIN).max(SLOT_MAX).nullable(),
  Days: z.array(z.enum(DAYS)).max(7),
});
export type TimeSlotInput = z.infer<typeof timeSlotSchema>;

/** A campaign-flow time slot: per-day booleans Monday to Sunday (2§3). */
export const campaignTimeSlotSchema = z.object({
  StartSlot: z.number().int().min(SLOT_MIN).max(SLOT_MAX).nullable(),
  EndSlot: z.number().int().min(SLOT_MIN).max(SLOT_MAX).nullable(),
  Monday: z.boolean(),
  Tuesday: z.boolean(),
  Wednesday: z.boolean(),
  Thursday: z.boolean(),
  Friday: z.boolean(),
  Saturday: z.boolean(),
  Sunday: z.boolean(),
});
export type CampaignTimeSlotInput = z.infer<typeof campaignTimeSlotSchema>;

export const toDays = (slot: CampaignTimeSlotInput): DayName[] => DAYS.filter((d) => slot[d]);
export const toDayFlags = (days: readonly DayName[]): Record<DayName, boolean> =>
  Object.fromEntries(DAYS.map((d) => [d, days.includes(d)])) as Record<DayName, boolean>;

/** A campaign chosen in the campaign flow, with the vendors chosen for it. */
export const campaignChoiceSchema = z.object({
  CampaignId: campaignIdSchema,
  VendorIds: z.array(vendorIdSchema).max(50),
});
export type CampaignChoice = z.infer<typeof campaignChoiceSchema>;

/** Why an order needs attention (2§2 card warnings, 2§4). */
export const ATTENTION_REASONS = ['Reassigned', 'Terminated', 'FundsInactive'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** The card texts (2§2), word for word. */
export const ORDER_CARD_TEXTS = {
  needsAttention: 'This order needs attention',
  Reassigned: 'Order has been reassigned',
  Terminated: 'Downline Agent has been terminated',
  FundsInactive: 'Order funds are no longer active',
  banner: 'Orders that need attention',
  subtitle: 'Create new and view existing orders',
  empty: 'No orders found',
  count: (shown: number, total: number) => `Displaying ${shown} of ${total} orders`,
  cancelConfirm: (name: string) => `Cancel order ${name}? You will stop receiving leads for this order immediately`,
  reactivateConfirm: 'This will set it to paused and will not receive leads until you make it active',
  loadCancelled: 'Load Cancelled/Inactive Orders',
} as const;

/** Conditions text of the agreement dialog (2§9). */
export const ORDER_CONDITIONS = [
  'Leads are provided only for company business.',
  'No auto-dialer or pre-recorded messages may be used to contact a lead.',
  'Introduce yourself as calling on behalf of the company within the first 30 seconds of the call.',
  'Register do-not-call requests within 10 days.',
] as const;

/** Wizard-level texts (2§2, §4, §5, §8). */
export const ORDER_WIZARD_TEXTS = {
  fundLeavePrompt: 'If you leave this page, your changes will not be saved. Are you sure you wish to proceed?',
  campaignLeavePrompt: 'There are unsaved changes to this order. If you leave the page, all information entered will be lost.',
  resetConfirm: 'Are you sure you want to reset this order form?',
  saved: 'Order saved successfully',
  saveFailed: 'Unable to save order',
  allStepsRequired: 'All steps must be completed before proceeding.',
  scheduleNote: 'Schedules are approximate and rounded down to the starting hour.',
  /** A save with a stale Revision (2§… "a save with a stale version is refused with a clear message"). */
  stale: 'This order was changed by someone else after you opened it. Reload it to see their changes, then make your edit again.',
} as const;

/** The server's refusals that no step shows (the spec has no text for them; these say what happened). */
export const ORDER_SERVER_MESSAGES = {
  notFound: 'Order not found.',
  orderIdTaken: 'This order id belongs to another order. Reload the wizard and save again.',
  revisionRequired: 'Revision is required to update an order.',
  orderIdMismatch: 'The order id of the path and of the body differ.',
  staffCannotCreate: 'Managers and support cannot create orders for an agent.',
  staffCannotEdit: 'Only an admin may edit the order of another agent.',
  managerCannotCancel: 'Managers cannot cancel or activate the order of another agent.',
  managerCannotToggle: "Managers may switch another agent's order on or off only as a sponsor agent, for an agent with the subagent role.",
  statusChange: (from: string, to: string) => `An order cannot go from ${from} to ${to}.`,
  campaignUnavailable: 'A selected lead type is no longer available.',
  vendorUnavailable: 'A selected vendor is no longer available for its lead type.',
  wrongFlow: (fund: boolean) => (fund ? 'This is a fund order: save it with the fund order wizard.' : 'This order was made in the campaign order wizard: save it there.'),
  agentNotFound: 'Agent not found.',
} as const;
