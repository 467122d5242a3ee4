// What both order wizards hold while an order is being written (spec part 2 §3 "Order form values"),
// the check of each step against its shared step module (shared/orders/step-*.ts, the same rules the
// server parses the save with), and the save bodies of the two flows (shared/orders/payload.ts).
import type { OrderDto } from '#shared/api/orders.ts';
import { DEFAULT_SLOT, toDayFlags, type CampaignChoice, type DayName, type ZipGroup } from '#shared/orders/order.ts';
import type { CampaignOrderBody, FundOrderBody } from '#shared/orders/payload.ts';
import { distributionMessages, DISTRIBUTION_MESSAGES, type DistributionAgent } from '#shared/orders/step-distribution.ts';
import { CAP_FIELDS, capSchema, frequencyMessages, FREQUENCY_MESSAGES, PERIODS, type Caps } from '#shared/orders/step-frequency.ts';
import { FUND_STEP_MESSAGES, fundsStepMessage, type FundState } from '#shared/orders/step-funds.ts';
import { NAME_MESSAGES, nameStepSchema } from '#shared/orders/step-name.ts';
import { regionsStepMessage } from '#shared/orders/step-regions.ts';
import { scheduleMessages } from '#shared/orders/step-schedule.ts';

export type Flow = 'fund' | 'campaign';

export interface RecipientDraft {
  AgentId: string;
  FirstName: string;
  LastName: string;
  /** What is typed: digits only, blank counts as 0. */
  Percentage: string;
}

export interface SlotDraft {
  /** Stable React key of the slot's row. */
  key: string;
  StartSlot: number | null;
  EndSlot: number | null;
  Days: DayName[];
}

export interface OrderDraft {
  Description: string;
  SelectedFunds: string[];
  Campaigns: CampaignChoice[];
  StatesOnly: boolean;
  States: { StateAbbreviation: string; StateName: string }[];
  ZipCodes: ZipGroup[];
  /** Caps as typed: digits only, blank or 0 is no cap. */
  MaxPerHour: string;
  MaxPerDay: string;
  MaxPerWeek: string;
  MaxPerMonth: string;
  OrderRecipients: RecipientDraft[];
  OrderTimeSlots: SlotDraft[];
}

export interface Owner {
  AgentId: string;
  FirstName: string;
  LastName: string;
}

let slotCounter = 0;
export const slotKey = () => `slot-${++slotCounter}`;

export const newSlot = (): SlotDraft => ({ key: slotKey(), StartSlot: DEFAULT_SLOT.StartSlot, EndSlot: DEFAULT_SLOT.EndSlot, Days: [...DEFAULT_SLOT.Days] });

/** A new order (2§4): no name, nothing chosen, one slot over the whole week, the owner at 100%. */
export function newDraft(owner: Owner): OrderDraft {
  return {
    Description: '',
    SelectedFunds: [],
    Campaigns: [],
    StatesOnly: false,
    States: [],
    ZipCodes: [],
    MaxPerHour: '',
    MaxPerDay: '',
    MaxPerWeek: '',
    MaxPerMonth: '',
    OrderRecipients: [{ ...owner, Percentage: '100' }],
    OrderTimeSlots: [newSlot()],
  };
}

const capText = (n: number) => (n > 0 ? String(n) : '');

/** An order as loaded for editing (2§4): every step prefilled; states-only when it has states. */
export function draftFromOrder(order: OrderDto): OrderDraft {
  return {
    Description: order.Description,
    SelectedFunds: [...order.SelectedFunds],
    Campaigns: order.Campaigns.map((c) => ({ CampaignId: c.CampaignId, VendorIds: c.Vendors.map((v) => v.VendorId) })),
    StatesOnly: order.States.length > 0,
    States: order.States.map((s) => ({ StateAbbreviation: s.StateAbbreviation, StateName: s.StateName })),
    ZipCodes: order.ZipCodes.map((g) => ({ Key: g.Key, ZipCodes: g.ZipCodes.map((z) => ({ ZipCode: z.ZipCode })) })),
    MaxPerHour: capText(order.MaxPerHour),
    MaxPerDay: capText(order.MaxPerDay),
    MaxPerWeek: capText(order.MaxPerWeek),
    MaxPerMonth: capText(order.MaxPerMonth),
    OrderRecipients: order.OrderRecipients.map((r) => ({ AgentId: r.AgentId, FirstName: r.FirstName, LastName: r.LastName, Percentage: String(r.Percentage) })),
    OrderTimeSlots: order.OrderTimeSlots.map((s) => ({ key: slotKey(), StartSlot: s.StartSlot, EndSlot: s.EndSlot, Days: [...s.Days] })),
  };
}

/** Blank is 0; anything else is the number typed (the field keeps digits only). */
export const numberOf = (text: string): number => (text.trim() === '' ? 0 : Number(text));

export const capsOf = (draft: OrderDraft): Caps => ({
  MaxPerHour: numberOf(draft.MaxPerHour),
  MaxPerDay: numberOf(draft.MaxPerDay),
  MaxPerWeek: numberOf(draft.MaxPerWeek),
  MaxPerMonth: numberOf(draft.MaxPerMonth),
});

/** A cap the way it is saved: above 1000 becomes 1000 (2§9). */
export const normalisedCap = (text: string): number => capSchema.parse(numberOf(text));

export const recipientsOf = (draft: OrderDraft) => draft.OrderRecipients.map((r) => ({ AgentId: r.AgentId, Percentage: numberOf(r.Percentage) }));

/** A percentage field is valid when it holds a whole number 0 to 100 (up to 3 digits). */
export const validPercentage = (text: string): boolean => /^\d{0,3}$/.test(text) && numberOf(text) <= 100;

export type StepId = 'name' | 'funds' | 'campaigns' | 'vendors' | 'regions' | 'frequency' | 'distribution' | 'schedule' | 'review';

export interface StepDef {
  id: StepId;
  title: string;
}

export const FUND_STEPS: readonly StepDef[] = [
  { id: 'name', title: 'Order Name' },
  { id: 'funds', title: 'Select Funds' },
  { id: 'regions', title: 'Select Regions' },
  { id: 'frequency', title: 'Lead Frequency' },
  { id: 'distribution', title: 'Lead Distribution' },
  { id: 'schedule', title: 'Order Schedule' },
  { id: 'review', title: 'Review Order' },
];

export const CAMPAIGN_STEPS: readonly StepDef[] = [
  { id: 'name', title: 'Order Name' },
  { id: 'campaigns', title: 'Campaign Selection' },
  { id: 'vendors', title: 'Vendor Selection' },
  { id: 'regions', title: 'Select Regions' },
  { id: 'frequency', title: 'Lead Frequency' },
  { id: 'distribution', title: 'Lead Distribution' },
  { id: 'schedule', title: 'Order Schedule' },
  { id: 'review', title: 'Review Order' },
];

export interface StepContext {
  flow: Flow;
  ownerId: string;
  /** The agents that may hold a share besides the owner (downline, or the order's recipients for staff). */
  agents: readonly DistributionAgent[];
  /** A chosen fund or campaign is live transfer. */
  liveTransfer: boolean;
  /** Fund flow: the funds the caller may see, with whether they receive leads. */
  funds: readonly FundState[];
  /** YYYY-MM-DD. */
  today: string;
}

export interface StepCheck {
  /** What the snackbar says. */
  messages: string[];
  /** Field errors, by form path. */
  fieldErrors: Record<string, string>;
}

const ok: StepCheck = { messages: [], fieldErrors: {} };

/** The check of one step (Next, header jumps, Review and the save all use it). */
export function checkStep(id: StepId, draft: OrderDraft, ctx: StepContext): StepCheck {
  switch (id) {
    case 'name': {
      const parsed = nameStepSchema.safeParse({ Description: draft.Description });
      if (parsed.success) return ok;
      const message = parsed.error.issues[0]!.message;
      const summary = ctx.flow === 'fund' && message === NAME_MESSAGES.required ? NAME_MESSAGES.missingFields : message;
      return { messages: [summary], fieldErrors: { Description: message } };
    }
    case 'funds': {
      const message = fundsStepMessage(draft.SelectedFunds, ctx.funds, ctx.today);
      return message ? { messages: [message], fieldErrors: { SelectedFunds: message } } : ok;
    }
    case 'campaigns':
      return draft.Campaigns.length === 0 ? { messages: [FUND_STEP_MESSAGES.leadTypeRequired], fieldErrors: { Campaigns: FUND_STEP_MESSAGES.leadTypeRequired } } : ok;
    case 'vendors':
      return draft.Campaigns.length === 0 || draft.Campaigns.some((c) => c.VendorIds.length === 0)
        ? { messages: [FUND_STEP_MESSAGES.vendorRequired], fieldErrors: { Vendors: FUND_STEP_MESSAGES.vendorRequired } }
        : ok;
    case 'regions': {
      const message = regionsStepMessage(draft, ctx.flow);
      return message ? { messages: [message], fieldErrors: { [draft.StatesOnly ? 'States' : 'ZipCodes']: message } } : ok;
    }
    case 'frequency':
      return checkFrequency(draft, ctx.flow);
    case 'distribution':
      return checkDistribution(draft, ctx);
    case 'schedule': {
      const messages = scheduleMessages(draft.OrderTimeSlots, ctx.flow);
      return messages.length ? { messages, fieldErrors: { OrderTimeSlots: messages[0]! } } : ok;
    }
    case 'review':
      return ok;
  }
}

function checkFrequency(draft: OrderDraft, flow: Flow): StepCheck {
  const fieldErrors: Record<string, string> = {};
  for (const period of PERIODS) {
    const field = CAP_FIELDS[period];
    if (!/^\d{0,4}$/.test(draft[field])) fieldErrors[field] = FREQUENCY_MESSAGES.digitsOnly;
  }
  if (Object.keys(fieldErrors).length) return { messages: [FREQUENCY_MESSAGES.summary], fieldErrors };
  const messages = frequencyMessages(capsOf(draft), flow);
  for (const message of messages) {
    // The message names its period ("The daily limit ..."); the required message belongs to the first field.
    const period = PERIODS.find((p) => message.startsWith(`The ${p} limit`)) ?? 'hourly';
    fieldErrors[CAP_FIELDS[period]] ??= message;
  }
  // The fund wizard's snackbar gives the step's summary (2§5 "Frequencies are invalid.") and each field
  // its detailed message, as Order Name does with "Missing required fields."; the fund flow has at most
  // one message per field, so none is lost. The campaign flow's snackbar keeps the detailed messages.
  if (flow === 'fund' && messages.length > 0) return { messages: [FREQUENCY_MESSAGES.summary], fieldErrors };
  return { messages, fieldErrors };
}

function checkDistribution(draft: OrderDraft, ctx: StepContext): StepCheck {
  const fieldErrors: Record<string, string> = {};
  draft.OrderRecipients.forEach((r, i) => {
    if (!validPercentage(r.Percentage)) fieldErrors[`OrderRecipients.${i}.Percentage`] = DISTRIBUTION_MESSAGES.wholeNumber;
  });
  if (Object.keys(fieldErrors).length) return { messages: [DISTRIBUTION_MESSAGES.wholeNumber], fieldErrors };
  const ids = draft.OrderRecipients.map((r) => r.AgentId);
  const messages = new Set(distributionMessages(recipientsOf(draft), ctx));
  if (new Set(ids).size !== ids.length) messages.add(DISTRIBUTION_MESSAGES.duplicate);
  if (messages.size === 0) return ok;
  return { messages: [...messages], fieldErrors: { OrderRecipients: [...messages][0]! } };
}

/** Whether every step but Review passes. */
export function allStepsValid(steps: readonly StepDef[], draft: OrderDraft, ctx: StepContext): boolean {
  return steps.every((s) => checkStep(s.id, draft, ctx).messages.length === 0);
}

/** The recipients as saved: zero shares are left out (2§7). */
const savedRecipients = (draft: OrderDraft) => recipientsOf(draft).filter((r) => r.Percentage > 0);

function regionsOf(draft: OrderDraft) {
  return draft.StatesOnly
    ? { StatesOnly: true, States: draft.States, ZipCodes: [] as ZipGroup[] }
    : { StatesOnly: false, States: [] as OrderDraft['States'], ZipCodes: draft.ZipCodes };
}

/** The fund flow's save body (shared/orders/payload.ts fundOrderBodySchema). */
export function fundOrderBody(draft: OrderDraft, orderId: string, revision?: number): FundOrderBody {
  return {
    OrderId: orderId,
    Description: draft.Description.trim(),
    SelectedFunds: draft.SelectedFunds,
    ...regionsOf(draft),
    MaxPerHour: normalisedCap(draft.MaxPerHour),
    MaxPerDay: normalisedCap(draft.MaxPerDay),
    MaxPerWeek: normalisedCap(draft.MaxPerWeek),
    MaxPerMonth: normalisedCap(draft.MaxPerMonth),
    OrderRecipients: savedRecipients(draft),
    OrderTimeSlots: draft.OrderTimeSlots.map((s) => ({ StartSlot: s.StartSlot, EndSlot: s.EndSlot, Days: s.Days })),
    ...(revision === undefined ? {} : { Revision: revision }),
  };
}

/** "/Date(1767225600000)/": the wrapped-milliseconds date form of the campaign flow's payload (2§7). */
export const wrappedDate = (date: Date) => `/Date(${date.getTime()})/`;

export interface CampaignSaveContext {
  orderId: string;
  /** Update only. */
  status?: 0 | 1 | 2;
  revision?: number;
  created?: Date;
  now?: Date;
}

/** The campaign flow's save body (2§7): per-day slot booleans, Max* only when non-zero, zero shares left out. */
export function campaignOrderBody(draft: OrderDraft, save: CampaignSaveContext): CampaignOrderBody {
  const now = save.now ?? new Date();
  const caps = Object.fromEntries(
    (['MaxPerHour', 'MaxPerDay', 'MaxPerWeek', 'MaxPerMonth'] as const).map((f) => [f, normalisedCap(draft[f])] as const).filter(([, v]) => v > 0),
  );
  return {
    OrderId: save.orderId,
    Description: draft.Description.trim(),
    Campaigns: draft.Campaigns,
    ...regionsOf(draft),
    ...caps,
    OrderRecipients: savedRecipients(draft),
    OrderTimeSlots: draft.OrderTimeSlots.map((s) => ({ StartSlot: s.StartSlot, EndSlot: s.EndSlot, ...toDayFlags(s.Days) })),
    Created: wrappedDate(save.created ?? now),
    LastUpdated: wrappedDate(now),
    ...(save.status === undefined ? {} : { Status: save.status }),
    ...(save.revision === undefined ? {} : { Revision: save.revision }),
  };
}

