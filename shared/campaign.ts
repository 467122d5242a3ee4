// The campaign form's rules (spec part 3 §3, §4, §5, §9), shared by the browser's Mantine form and the
// server: the same zod schemas parse the campaign, its validation criteria, its bids, its campaign
// vendors and their fund selections on both sides, so the form shows exactly the server's messages.
// Wire shapes are PascalCase with money in dollars (two decimals); the server keeps cents.
import { z } from 'zod';
import { US_STATES } from './lookups.ts';
import { revisionSchema } from './api/revision.ts';

// ---------------------------------------------------------------------------------------------
// Messages (part 3 §5 and §8 word for word; the few the spec leaves unworded say what to fix)

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Campaign name is required',
  retryAttemptsRequired: 'Retry Attempts is required',
  retryMinutesRequired: 'Retry Minutes is required',
  lobRequired: 'Line of Business is required',
  leadTypeRequired: 'Lead Type is required',
  crmLobRequired: 'CRM Line of Business is required',
  businessOwnerRequired: 'Business Owner is required',
  destinationRequired: 'Destination is required',
  categoryRequired: 'Category is required',
  codeRequired: 'Code is required',
  descriptionRequired: 'Description is required',
  startDateRequired: 'Start date is required',
  endDateRequired: 'End date is required',
  endBeforeStart: 'End Date must come after Start Date',
  daysRequired: 'Days is required',
  vendorRequired: 'A vendor is required',
  campaignRequired: 'A campaign is required',
  vendorPriceRequired: 'Vendor price is required',
  captivePriceRequired: 'Captive price is required',
  brokerPriceRequired: 'Broker price is required',
  minScoreRequired: 'Min score is required',
  minScorePositive: 'Min score must be greater than 0',
  bidZipOutsideState: 'Zip code entered is not valid for the current selected State.',
  allStatesCleared: 'All states cleared.',
  allZipsCleared: 'All zip codes cleared.',
  ebureauNeedsAddress: 'Address Criteria required when scoring with eBureau',
  saveFailed: 'Unable to save campaign',
  saveSucceeded: 'Campaign saved successfully. Close this window to return to the Campaigns page.',
  leavePrompt: 'If you leave this page, your changes will not be saved. Are you sure you wish to proceed?',
  // Not worded by the spec:
  loseMoney: 'The vendor price is above the captive or broker price: the company may lose money at this price.',
  startInPast: 'Start date cannot be in the past.',
  invalidStartDate: 'Start date must be a date written YYYY-MM-DD.',
  invalidEndDate: 'End date must be a date written YYYY-MM-DD.',
  datesDifferFromPath: 'StartDate and EndDate must be the dates of the path.',
  codeFormat: 'Code may only contain letters, digits, dashes or underscores (at most 50).',
  duplicateCode: 'Duplicate campaign code.',
  campaignNotFound: 'Campaign not found.',
  campaignVendorNotFound: 'Campaign vendor not found.',
  vendorNotFound: 'Vendor not found.',
  fundNotFound: 'Fund not found.',
  fundLinksChanged: 'Someone else changed the funds of this campaign vendor after you opened it. Reload the page to see their changes, then make your edit again.',
  fundLinkNotFound: 'Campaign vendor fund not found.',
  pairExists: 'This vendor is already assigned to this campaign.',
  pairUnchangeable: 'The campaign and vendor of an existing campaign vendor cannot be changed.',
  campaignVendorIdRequired: 'CampaignVendorId is required.',
  oneCampaignVendor: 'All fund selections must belong to one campaign vendor.',
  duplicateFund: 'A fund can be selected only once per campaign vendor.',
  tooManyFunds: 'A campaign vendor takes at most 16 funds.',
  tooManyBids: 'A campaign takes at most 1000 bids.',
  invalidState: 'State must be a two-letter US state code.',
  invalidZip: 'Invalid Zip Code',
  priceFormat: 'Prices are dollars with at most two decimals and at most 6 characters.',
  bidRequired: 'Bid is required',
} as const;

// ---------------------------------------------------------------------------------------------
// Constants (part 3 §3, §9)

export const LINES_OF_BUSINESS = [
  { Id: 1, Name: 'Employer' },
  { Id: 2, Name: 'Health' },
  { Id: 3, Name: 'Life' },
  { Id: 4, Name: 'Medicare' },
  { Id: 5, Name: 'Supplemental' },
] as const;
/** The provider's own category 1, ThirdPartyShared 2, ThirdPartyExclusive 3 (as funds). */
export const CAMPAIGN_CATEGORIES = [1, 2, 3] as const;
export const DEDUPE_SCOPES = ['All', 'CampaignVendor', 'Campaign', 'Vendor', 'None'] as const;
export const CAMPAIGN_CHANNELS = ['Captive', 'Broker', 'Both'] as const;
export const CAMPAIGN_STATUSES = ['Active', 'Inactive'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];
export type DedupeScope = (typeof DEDUPE_SCOPES)[number];

export const CAMPAIGN_LIMITS = {
  /** eBureau min score: up to 4 digits, capped at 1000. */
  minScoreMax: 1000,
  /** Dedupe days: up to 4 digits, capped at 1000. */
  dedupeDaysMax: 1000,
  /** Retry attempts: 2 digits. */
  maxRetriesMax: 99,
  /** Retry interval: 4 digits. */
  retryIntervalMax: 9999,
  /** Min and max age: up to 5 characters. */
  ageMax: 99_999,
  /** Prices: up to 6 characters. */
  priceMaxChars: 6,
  nameMax: 100,
  codeMax: 50,
  descriptionMax: 500,
  /** Fund selections of one campaign vendor (keeps a save within one DynamoDB transaction). */
  fundsPerCampaignVendor: 16,
  bidsMax: 1000,
} as const;

/** Part 3 §9 defaults of a new campaign (Lob Health, Category the provider's own). */
export const CAMPAIGN_DEFAULTS = {
  DedupeDays: 30,
  DedupeScope: 'All' as DedupeScope,
  MaxRetries: 0,
  RetryInterval: 0,
  CallTimeCheck: 30,
  CallCenterCheck: 0,
  Lob: 2,
  Category: 1,
  Status: 'Active' as const,
  AllowDisputes: false,
  IsLiveTransfer: false,
  CheckEbureau: false,
  MinScore: 0,
  Channel: 'Captive' as CampaignChannel,
};

// ---------------------------------------------------------------------------------------------
// Pieces

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters.`);

const requiredInt = (message: string, max: number) =>
  z.number({ error: message }).int(message).min(0, message).max(max, `At most ${max}.`);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export function isCalendarDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}
const day = (required: string, invalid: string) =>
  z.string({ error: required }).min(1, required).refine((t) => t === '' || isCalendarDay(t), invalid);

/**
 * A price in dollars: a number with at most two decimals whose text is at most 6 characters (the
 * form's input limit), so 999999 or 999.99. The text is plain digits: 1e21 and 1e-9 are short too,
 * and the server's conversion to cents refuses their exponent form (a 500 when they got that far).
 */
export const priceSchema = (required: string) =>
  z
    .number({ error: required })
    .min(0, CAMPAIGN_MESSAGES.priceFormat)
    .refine((n) => Number.isFinite(n) && /^-?\d+(\.\d{1,2})?$/.test(String(n)) && String(n).length <= 6, CAMPAIGN_MESSAGES.priceFormat);

/** The loss warning (non-blocking): the vendor costs more than an agent pays. Prices in dollars. */
export function losesMoney(p: { VendorPrice?: number | null; CaptivePrice?: number | null; BrokerPrice?: number | null }): boolean {
  const vendor = p.VendorPrice ?? 0;
  return (p.CaptivePrice != null && p.CaptivePrice > 0 && vendor > p.CaptivePrice) || (p.BrokerPrice != null && p.BrokerPrice > 0 && vendor > p.BrokerPrice);
}

const STATE_CODES = new Set(US_STATES.map((s) => s.StateAbbreviation));
export const stateCodeSchema = z.string().refine((s) => STATE_CODES.has(s), CAMPAIGN_MESSAGES.invalidState);

// ---------------------------------------------------------------------------------------------
// Campaign validation (criteria)

export const campaignValidationSchema = z.object({
  /** Absent before the first save; the server keeps one per campaign. */
  CampaignValidationId: z.string().max(64).optional(),
  AddressLine1Required: z.boolean(),
  CityRequired: z.boolean(),
  StateRequired: z.boolean(),
  ZipRequired: z.boolean(),
  CountryRequired: z.boolean(),
  In_EmailRequired: z.boolean(),
  Bz_EmailRequired: z.boolean(),
  In_GenderRequired: z.boolean(),
  In_dobRequired: z.boolean(),
  /** Optional; sent only when above 0. */
  MinAge: z.number().int().min(0).max(CAMPAIGN_LIMITS.ageMax).nullish(),
  MaxAge: z.number().int().min(0).max(CAMPAIGN_LIMITS.ageMax).nullish(),
  /**
   * Vendor leads must carry a consent certificate URL (TrustedForm-style; issue 24). Public form leads
   * carry the company's own consent evidence and are not held to it. Absent: false.
   */
  ConsentCertificateRequired: z.boolean().optional(),
});
export type CampaignValidationDto = z.infer<typeof campaignValidationSchema>;

export const CAMPAIGN_VALIDATION_DEFAULTS: CampaignValidationDto = {
  AddressLine1Required: false,
  CityRequired: false,
  StateRequired: false,
  ZipRequired: false,
  CountryRequired: false,
  In_EmailRequired: false,
  Bz_EmailRequired: false,
  In_GenderRequired: false,
  In_dobRequired: false,
};

/** The form's combined Address flag: all five address parts. */
export const ADDRESS_FLAGS = ['AddressLine1Required', 'CityRequired', 'StateRequired', 'ZipRequired', 'CountryRequired'] as const;
/** The form's combined Email flag: both e-mails. */
export const EMAIL_FLAGS = ['In_EmailRequired', 'Bz_EmailRequired'] as const;

/** The edit form maps the combined flags back only when all of their parts are true. */
export const addressFlagOf = (v: CampaignValidationDto) => ADDRESS_FLAGS.every((f) => v[f]);
export const emailFlagOf = (v: CampaignValidationDto) => EMAIL_FLAGS.every((f) => v[f]);

/** eBureau scoring forces the Address criterion on (part 3 §4): every address part required. */
export function withEbureauAddress(v: CampaignValidationDto, checkEbureau: boolean): CampaignValidationDto {
  if (!checkEbureau) return v;
  return { ...v, ...Object.fromEntries(ADDRESS_FLAGS.map((f) => [f, true])) };
}

// ---------------------------------------------------------------------------------------------
// Bids (CallerLeadsBidCampaigns)

export const bidSchema = z.object({
  State: stateCodeSchema,
  Bid: priceSchema(CAMPAIGN_MESSAGES.bidRequired),
  /** Empty or null: the bid covers the whole state. */
  Zip: z
    .string()
    .regex(/^(\d{5})?$/, CAMPAIGN_MESSAGES.invalidZip)
    .nullish(),
});
export type BidDto = z.infer<typeof bidSchema>;

/** A bid's replacement key: its zip when it has one, else its state. */
export const bidKey = (b: Pick<BidDto, 'State' | 'Zip'>) => (b.Zip ? `zip:${b.Zip}` : `state:${b.State}`);

/** Adding a state or zip replaces an existing entry for the same state or zip (part 3 §4). */
export function addBid<B extends Pick<BidDto, 'State' | 'Zip'>>(bids: readonly B[], bid: B): B[] {
  const key = bidKey(bid);
  return [...bids.filter((b) => bidKey(b) !== key), bid];
}

/** "All": every state at that bid, each replacing its state's entry; zip entries stay. */
export function addAllStates(bids: readonly BidDto[], amount: number): BidDto[] {
  return US_STATES.reduce<BidDto[]>((list, s) => addBid(list, { State: s.StateAbbreviation, Bid: amount, Zip: null }), [...bids]);
}

/** The list as saved: later entries replace earlier ones with the same key, order kept. */
export function normaliseBids<B extends Pick<BidDto, 'State' | 'Zip'>>(bids: readonly B[]): B[] {
  return bids.reduce<B[]>((list, b) => addBid(list, b), []);
}

// ---------------------------------------------------------------------------------------------
// Campaign

/** Both checked gives Both; only broker, Broker; only agent, Captive; neither, the default (Captive, value 1). */
export function channelFromFlags(agent: boolean, broker: boolean): CampaignChannel {
  if (agent && broker) return 'Both';
  if (broker) return 'Broker';
  return 'Captive';
}
export const flagsOfChannel = (c: CampaignChannel) => ({ AgentChannel: c !== 'Broker', BrokerChannel: c !== 'Captive' });

/**
 * Whether an input (possibly failing other fields) can be read by the cross-field rules: an object
 * whose CheckEbureau is a boolean. zod 4 skips object-level refinements while any field fails, which
 * would hide 'Min score is required' or 'End Date must come after Start Date' until every other field
 * is fixed; with this guard the rules run alongside the field errors, so the form shows them all at once.
 */
function readsEbureau(value: unknown): value is { CheckEbureau: boolean } {
  return typeof value === 'object' && value !== null && typeof (value as { CheckEbureau?: unknown }).CheckEbureau === 'boolean';
}
/**
 * The cross-field rules run even while a field fails, so every rule reading a field must check its
 * type: the value may be only partly valid.
 */
const alongsideFieldErrors = { when: (payload: z.core.ParsePayload) => readsEbureau(payload.value) };

const minScoreRule = <T extends { CheckEbureau: boolean; MinScore?: number | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.CheckEbureau !== true) return;
  const score: unknown = v.MinScore;
  if (score == null) ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.minScoreRequired, path: ['MinScore'] });
  else if (typeof score === 'number' && score <= 0) ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.minScorePositive, path: ['MinScore'] });
};

/** The campaign fields the form edits (part 3 §3 Campaign), before the cross-field rules. */
export const campaignFieldsSchema = z.object({
  /** Empty or absent on create; the id being edited on update. */
  CampaignId: z.string().max(64).optional(),
  Name: requiredText(CAMPAIGN_MESSAGES.nameRequired, CAMPAIGN_LIMITS.nameMax),
  Code: requiredText(CAMPAIGN_MESSAGES.codeRequired, CAMPAIGN_LIMITS.codeMax).regex(/^[A-Za-z0-9_-]*$/, CAMPAIGN_MESSAGES.codeFormat),
  Description: requiredText(CAMPAIGN_MESSAGES.descriptionRequired, CAMPAIGN_LIMITS.descriptionMax),
  Category: z.number({ error: CAMPAIGN_MESSAGES.categoryRequired }).int().min(1, CAMPAIGN_MESSAGES.categoryRequired).max(3, CAMPAIGN_MESSAGES.categoryRequired),
  /** A lead type name (GET campaign/leadtypes). */
  LeadType: requiredText(CAMPAIGN_MESSAGES.leadTypeRequired, 50),
  /** Employer 1, Health 2 (default), Life 3, Medicare 4, Supplemental 5. */
  Lob: z.number({ error: CAMPAIGN_MESSAGES.lobRequired }).int().min(1, CAMPAIGN_MESSAGES.lobRequired).max(5, CAMPAIGN_MESSAGES.lobRequired),
  CrmLob: requiredText(CAMPAIGN_MESSAGES.crmLobRequired, 50),
  BusinessOwner: requiredText(CAMPAIGN_MESSAGES.businessOwnerRequired, 100),
  Destination: requiredText(CAMPAIGN_MESSAGES.destinationRequired, 100),
  /** A new campaign is always saved Active; an edit keeps the stored status (the toggle changes it). */
  Status: z.enum(CAMPAIGN_STATUSES).optional(),
  StartDate: day(CAMPAIGN_MESSAGES.startDateRequired, CAMPAIGN_MESSAGES.invalidStartDate),
  EndDate: day(CAMPAIGN_MESSAGES.endDateRequired, CAMPAIGN_MESSAGES.invalidEndDate),
  AllowDisputes: z.boolean(),
  IsLiveTransfer: z.boolean(),
  DedupeScope: z.enum(DEDUPE_SCOPES),
  DedupeDays: requiredInt(CAMPAIGN_MESSAGES.daysRequired, CAMPAIGN_LIMITS.dedupeDaysMax),
  CallCenterCheck: z.number().int().min(0).max(9999),
  CallTimeCheck: z.number().int().min(0).max(9999),
  MaxRetries: requiredInt(CAMPAIGN_MESSAGES.retryAttemptsRequired, CAMPAIGN_LIMITS.maxRetriesMax),
  /** Minutes. */
  RetryInterval: requiredInt(CAMPAIGN_MESSAGES.retryMinutesRequired, CAMPAIGN_LIMITS.retryIntervalMax),
  Channel: z.enum(CAMPAIGN_CHANNELS),
  CheckEbureau: z.boolean(),
  MinScore: z.number({ error: CAMPAIGN_MESSAGES.minScoreRequired }).int().max(CAMPAIGN_LIMITS.minScoreMax, `At most ${CAMPAIGN_LIMITS.minScoreMax}.`).nullish(),
  CampaignValidation: campaignValidationSchema,
  CallerLeadsBidCampaigns: z.array(bidSchema).max(CAMPAIGN_LIMITS.bidsMax, CAMPAIGN_MESSAGES.tooManyBids),
});

/** End on or after start; min score when eBureau is on. */
function campaignRules(v: { StartDate: string; EndDate: string; CheckEbureau: boolean; MinScore?: number | null }, ctx: z.RefinementCtx) {
  const start: unknown = v.StartDate;
  const end: unknown = v.EndDate;
  if (typeof start === 'string' && typeof end === 'string' && isCalendarDay(start) && isCalendarDay(end) && end < start)
    ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.endBeforeStart, path: ['EndDate'] });
  minScoreRule(v, ctx);
}

/** POST campaign/start/{d}/end/{d}: the campaign as the form sends it. */
export const campaignCreateSchema = campaignFieldsSchema.superRefine(campaignRules, alongsideFieldErrors);
/** PATCH campaign/start/{d}/end/{d}: the same plus the id and the Revision read. */
export const campaignUpdateSchema = campaignFieldsSchema
  .extend({ CampaignId: z.string({ error: CAMPAIGN_MESSAGES.campaignRequired }).min(1, CAMPAIGN_MESSAGES.campaignRequired).max(64), Revision: revisionSchema })
  .superRefine(campaignRules, alongsideFieldErrors);
export type CampaignInput = z.infer<typeof campaignCreateSchema>;
export type CampaignUpdateInput = z.infer<typeof campaignUpdateSchema>;

/** A new campaign's start cannot be in the past; `today` is YYYY-MM-DD in the caller's calendar. */
export const startsInPast = (startDate: string, today: string) => isCalendarDay(startDate) && startDate < today;

// ---------------------------------------------------------------------------------------------
// Campaign vendors

const campaignVendorFields = z.object({
  /** Empty for a new campaign vendor (POST); the id for PATCH. */
  CampaignVendorId: z.string().max(64).nullish(),
  CampaignId: z.string({ error: CAMPAIGN_MESSAGES.campaignRequired }).min(1, CAMPAIGN_MESSAGES.campaignRequired).max(64),
  VendorId: z.string({ error: CAMPAIGN_MESSAGES.vendorRequired }).min(1, CAMPAIGN_MESSAGES.vendorRequired).max(64),
  VendorPrice: priceSchema(CAMPAIGN_MESSAGES.vendorPriceRequired),
  MaxPrice: priceSchema(CAMPAIGN_MESSAGES.priceFormat).nullish(),
  /** Required in the fund-preview form only (campaignVendorFundPreviewSchema). */
  CaptivePrice: priceSchema(CAMPAIGN_MESSAGES.captivePriceRequired).nullish(),
  BrokerPrice: priceSchema(CAMPAIGN_MESSAGES.brokerPriceRequired).nullish(),
  CheckEbureau: z.boolean(),
  MinScore: z.number({ error: CAMPAIGN_MESSAGES.minScoreRequired }).int().max(CAMPAIGN_LIMITS.minScoreMax, `At most ${CAMPAIGN_LIMITS.minScoreMax}.`).nullish(),
});

/** POST campaignVendors (and the form's vendor row): a campaign vendor with its prices in dollars. */
export const campaignVendorSchema = campaignVendorFields.superRefine(minScoreRule, alongsideFieldErrors);
/** PATCH campaignVendors: the same with its id and the Revision read. */
export const campaignVendorUpdateSchema = campaignVendorFields
  .extend({ CampaignVendorId: z.string({ error: CAMPAIGN_MESSAGES.campaignVendorIdRequired }).min(1, CAMPAIGN_MESSAGES.campaignVendorIdRequired).max(64), Revision: revisionSchema })
  .superRefine(minScoreRule, alongsideFieldErrors);
/** The fund-preview form's vendor row: captive and broker prices required too. */
export const campaignVendorFundPreviewSchema = campaignVendorFields
  .extend({ CaptivePrice: priceSchema(CAMPAIGN_MESSAGES.captivePriceRequired), BrokerPrice: priceSchema(CAMPAIGN_MESSAGES.brokerPriceRequired) })
  .superRefine(minScoreRule, alongsideFieldErrors);
export type CampaignVendorInput = z.infer<typeof campaignVendorSchema>;
export type CampaignVendorUpdateInput = z.infer<typeof campaignVendorUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// Fund selections of a campaign vendor (PUT fund/campaignvendorfunds)

export const FUND_ACTIONS = ['None', 'AddFund', 'DeleteFund', 'UpdateFund'] as const;
export type FundAction = (typeof FUND_ACTIONS)[number];

export const fundSelectionSchema = z.object({
  /**
   * The campaign vendor the selection belongs to: the path carries no id, so every element of the
   * PUT's array names it (all the same one; the id the POST or PATCH of the campaign vendor returned).
   */
  CampaignVendorId: z.string({ error: CAMPAIGN_MESSAGES.campaignVendorIdRequired }).min(1, CAMPAIGN_MESSAGES.campaignVendorIdRequired).max(64),
  FundId: z.string().min(1).max(64),
  /** Shown in the dialog; the server reads names from the fund itself. */
  Name: z.string().max(200).optional(),
  Code: z.string().max(200).optional(),
  IsActive: z.boolean(),
  /** 1..n in the dialog's order; the server renumbers the kept selections 1..n by it. */
  Priority: z.number().int().min(1).max(1000),
  Action: z.enum(FUND_ACTIONS),
});
export type FundSelectionDto = z.infer<typeof fundSelectionSchema>;

export const fundSelectionsSchema = z
  .array(fundSelectionSchema)
  .max(CAMPAIGN_LIMITS.fundsPerCampaignVendor * 2, CAMPAIGN_MESSAGES.tooManyFunds)
  .superRefine((list, ctx) => {
    if (new Set(list.map((s) => s.CampaignVendorId)).size > 1) ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.oneCampaignVendor });
    if (new Set(list.map((s) => s.FundId)).size !== list.length) ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.duplicateFund });
    if (list.filter((s) => s.Action !== 'DeleteFund').length > CAMPAIGN_LIMITS.fundsPerCampaignVendor)
      ctx.addIssue({ code: 'custom', message: CAMPAIGN_MESSAGES.tooManyFunds });
  });

/** The Funds dialog (part 3 §4): adding gives the next priority. */
export function addFundSelection<F extends { Priority: number; Action: FundAction }>(list: readonly F[], fund: Omit<F, 'Priority' | 'Action'>): F[] {
  const kept = list.filter((f) => f.Action !== 'DeleteFund');
  return [...list, { ...fund, Priority: kept.length + 1, Action: 'AddFund' } as F];
}

/** Removing renumbers the rest (a saved link is kept as DeleteFund so the server removes it). */
export function removeFundSelection<F extends { FundId: string; Priority: number; Action: FundAction }>(list: readonly F[], fundId: string): F[] {
  const next = list.flatMap((f) => (f.FundId !== fundId ? [f] : f.Action === 'AddFund' ? [] : [{ ...f, Action: 'DeleteFund' as const }]));
  return renumber(next);
}

/** Moving up (-1) or down (+1) swaps priorities with the neighbour. */
export function moveFundSelection<F extends { FundId: string; Priority: number; Action: FundAction }>(list: readonly F[], fundId: string, by: -1 | 1): F[] {
  const kept = list.filter((f) => f.Action !== 'DeleteFund').sort((a, b) => a.Priority - b.Priority);
  const i = kept.findIndex((f) => f.FundId === fundId);
  const j = i + by;
  if (i < 0 || j < 0 || j >= kept.length) return [...list];
  const a = kept[i]!;
  const b = kept[j]!;
  const touched = (f: F, priority: number): F => ({ ...f, Priority: priority, Action: f.Action === 'None' ? 'UpdateFund' : f.Action });
  return list.map((f) => (f === a ? touched(a, b.Priority) : f === b ? touched(b, a.Priority) : f));
}

function renumber<F extends { Priority: number; Action: FundAction }>(list: F[]): F[] {
  const order = list.filter((f) => f.Action !== 'DeleteFund').sort((a, b) => a.Priority - b.Priority);
  return list.map((f) => {
    if (f.Action === 'DeleteFund') return f;
    const priority = order.indexOf(f) + 1;
    return priority === f.Priority ? f : { ...f, Priority: priority, Action: f.Action === 'None' ? 'UpdateFund' : f.Action };
  });
}
