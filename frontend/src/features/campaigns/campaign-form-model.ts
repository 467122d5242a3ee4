// The campaign form's values and the calls' bodies made from them. The form validates with the
// shared schemas the server parses with (shared/campaign.ts): the campaign part with the create or
// update schema, each vendor row with the campaign-vendor schema. The form-only flags of spec part 3
// §3 (AgentChannel, BrokerChannel, Address, Email, Gender, Birthdate) are derived into the wire
// fields (Channel, CampaignValidation) as they change, so what is validated is what is sent.
import { z } from 'zod';
import {
  ADDRESS_FLAGS,
  addressFlagOf,
  CAMPAIGN_DEFAULTS,
  CAMPAIGN_VALIDATION_DEFAULTS,
  campaignCreateSchema,
  campaignUpdateSchema,
  campaignVendorFundPreviewSchema,
  campaignVendorSchema,
  campaignVendorUpdateSchema,
  EMAIL_FLAGS,
  emailFlagOf,
  type BidDto,
  type CampaignValidationDto,
  type FundAction,
  type FundSelectionDto,
} from '#shared/campaign.ts';
import type { CampaignDetailDto, CampaignVendorDetailDto } from '#shared/api/campaigns.ts';

/**
 * The CampaignId a vendor row carries before its campaign exists: the shared vendor schema requires
 * one ('A campaign is required'), and the real id replaces it when the save sends the row.
 */
export const UNSAVED_CAMPAIGN = 'unsaved';

/** A fund picked in a vendor row's Funds dialog. */
export interface FundPick {
  FundId: string;
  Name: string;
  Code: string;
  IsActive: boolean;
  Priority: number;
  Action: FundAction;
}

export interface VendorRowValues {
  /** The row's key in the list (stable while rows are added and removed). */
  key: string;
  /** Empty for a row not saved yet. */
  CampaignVendorId: string;
  CampaignId: string;
  VendorId: string;
  VendorName: string;
  /** Dollars; null while empty ('Vendor price is required'). */
  VendorPrice: number | null;
  MaxPrice: number | null;
  CaptivePrice: number | null;
  BrokerPrice: number | null;
  CheckEbureau: boolean;
  MinScore: number | null;
  /** The revision read, for the PATCH of a saved row. */
  Revision: number | undefined;
  Funds: FundPick[];
}

export interface CampaignValues {
  CampaignId: string;
  Name: string;
  Code: string;
  Description: string;
  Category: number;
  LeadType: string;
  Lob: number;
  CrmLob: string;
  BusinessOwner: string;
  Destination: string;
  Status: 'Active' | 'Inactive';
  StartDate: string;
  EndDate: string;
  AllowDisputes: boolean;
  IsLiveTransfer: boolean;
  DedupeScope: (typeof CAMPAIGN_DEFAULTS)['DedupeScope'];
  DedupeDays: number | '';
  CallCenterCheck: number | '';
  CallTimeCheck: number | '';
  MaxRetries: number | '';
  RetryInterval: number | '';
  Channel: (typeof CAMPAIGN_DEFAULTS)['Channel'];
  CheckEbureau: boolean;
  MinScore: number | null;
  CampaignValidation: CampaignValidationDto;
  CallerLeadsBidCampaigns: BidDto[];
  /** The revision read (edit only). */
  Revision: number | undefined;
}

export interface CampaignFormValues {
  Campaign: CampaignValues;
  Vendors: VendorRowValues[];
  /** Saved rows the user removed: deleted first when saving (spec part 3 §4). */
  RemovedVendorIds: string[];
}

/**
 * The form's schema: the shared campaign schema (create or update) and the shared vendor schema per row.
 * A fund-preview user's rows also need their captive and broker prices (part 3 §5); for anyone else
 * they may stay empty (stored as 0).
 */
export const campaignFormSchema = (editing: boolean, fundPreview: boolean) =>
  z.object({ Campaign: editing ? campaignUpdateSchema : campaignCreateSchema, Vendors: z.array(fundPreview ? campaignVendorFundPreviewSchema : campaignVendorSchema) });

let rowCounter = 0;
const nextKey = () => `row-${++rowCounter}`;

/** A new campaign: the defaults of spec part 3 §9, starting today. */
export function newCampaignValues(today: string): CampaignFormValues {
  return {
    Campaign: {
      CampaignId: '',
      Name: '',
      Code: '',
      Description: '',
      Category: CAMPAIGN_DEFAULTS.Category,
      LeadType: '',
      Lob: CAMPAIGN_DEFAULTS.Lob,
      CrmLob: '',
      BusinessOwner: '',
      Destination: '',
      Status: 'Active',
      StartDate: today,
      EndDate: today,
      AllowDisputes: CAMPAIGN_DEFAULTS.AllowDisputes,
      IsLiveTransfer: CAMPAIGN_DEFAULTS.IsLiveTransfer,
      DedupeScope: CAMPAIGN_DEFAULTS.DedupeScope,
      DedupeDays: CAMPAIGN_DEFAULTS.DedupeDays,
      CallCenterCheck: CAMPAIGN_DEFAULTS.CallCenterCheck,
      CallTimeCheck: CAMPAIGN_DEFAULTS.CallTimeCheck,
      MaxRetries: CAMPAIGN_DEFAULTS.MaxRetries,
      RetryInterval: CAMPAIGN_DEFAULTS.RetryInterval,
      Channel: CAMPAIGN_DEFAULTS.Channel,
      CheckEbureau: CAMPAIGN_DEFAULTS.CheckEbureau,
      MinScore: null,
      CampaignValidation: { ...CAMPAIGN_VALIDATION_DEFAULTS },
      CallerLeadsBidCampaigns: [],
      Revision: undefined,
    },
    Vendors: [],
    RemovedVendorIds: [],
  };
}

export function newVendorRow(campaignId: string): VendorRowValues {
  return {
    key: nextKey(),
    CampaignVendorId: '',
    CampaignId: campaignId || UNSAVED_CAMPAIGN,
    VendorId: '',
    VendorName: '',
    VendorPrice: null,
    MaxPrice: null,
    CaptivePrice: null,
    BrokerPrice: null,
    CheckEbureau: false,
    MinScore: null,
    Revision: undefined,
    Funds: [],
  };
}

const vendorRowOf = (v: CampaignVendorDetailDto): VendorRowValues => ({
  key: nextKey(),
  CampaignVendorId: v.CampaignVendorId,
  CampaignId: v.CampaignId,
  VendorId: v.VendorId,
  VendorName: v.VendorName,
  VendorPrice: v.VendorPrice,
  MaxPrice: v.MaxPrice || null,
  CaptivePrice: v.CaptivePrice || null,
  BrokerPrice: v.BrokerPrice || null,
  CheckEbureau: v.CheckEbureau,
  MinScore: v.CheckEbureau ? v.MinScore : null,
  Revision: v.Revision,
  Funds: v.Funds.map((f) => ({ FundId: f.FundId, Name: f.Name, Code: f.Code, IsActive: f.IsActive, Priority: f.Priority, Action: 'None' })),
});

/** The edit form's values of a stored campaign. */
export function editCampaignValues(c: CampaignDetailDto): CampaignFormValues {
  return {
    Campaign: {
      CampaignId: c.CampaignId,
      Name: c.Name,
      Code: c.Code,
      Description: c.Description,
      Category: c.Category,
      LeadType: c.LeadType,
      Lob: c.Lob,
      CrmLob: c.CrmLob,
      BusinessOwner: c.BusinessOwner,
      Destination: c.Destination,
      Status: c.Status,
      StartDate: c.StartDate.slice(0, 10),
      EndDate: c.EndDate.slice(0, 10),
      AllowDisputes: c.AllowDisputes,
      IsLiveTransfer: c.IsLiveTransfer,
      DedupeScope: c.DedupeScope,
      DedupeDays: c.DedupeDays,
      CallCenterCheck: c.CallCenterCheck,
      CallTimeCheck: c.CallTimeCheck,
      MaxRetries: c.MaxRetries,
      RetryInterval: c.RetryInterval,
      Channel: c.Channel,
      CheckEbureau: c.CheckEbureau,
      MinScore: c.CheckEbureau ? c.MinScore : null,
      CampaignValidation: { ...c.CampaignValidation },
      CallerLeadsBidCampaigns: c.CallerLeadsBidCampaigns.map((b) => ({ State: b.State, Bid: b.Bid, Zip: b.Zip ?? null })),
      Revision: c.Revision,
    },
    Vendors: c.CampaignVendors.map(vendorRowOf),
    RemovedVendorIds: [],
  };
}

/** The combined Address and Email criteria of the form (part 3 §3), on only when all their parts are. */
export const criteriaFlags = (v: CampaignValidationDto) => ({
  Address: addressFlagOf(v),
  Email: emailFlagOf(v),
  Gender: v.In_GenderRequired,
  Birthdate: v.In_dobRequired,
  ConsentCertificate: v.ConsentCertificateRequired ?? false,
});

export function withAddress(v: CampaignValidationDto, on: boolean): CampaignValidationDto {
  return { ...v, ...Object.fromEntries(ADDRESS_FLAGS.map((f) => [f, on])) };
}
export function withEmail(v: CampaignValidationDto, on: boolean): CampaignValidationDto {
  return { ...v, ...Object.fromEntries(EMAIL_FLAGS.map((f) => [f, on])) };
}

/** Ages are sent only when above 0 (part 3 §5). */
const ageOrNothing = (age: number | null | undefined) => (age && age > 0 ? age : null);

/** The campaign body of POST (no id yet) or PATCH. */
export function campaignBody(c: CampaignValues) {
  const validation = { ...c.CampaignValidation, MinAge: ageOrNothing(c.CampaignValidation.MinAge), MaxAge: ageOrNothing(c.CampaignValidation.MaxAge) };
  const common = { ...c, MinScore: c.CheckEbureau ? c.MinScore : null, CampaignValidation: validation };
  if (!c.CampaignId) {
    const { CampaignId: _id, Revision: _revision, ...fields } = common;
    return { kind: 'create' as const, body: campaignCreateSchema.parse({ ...fields, Status: 'Active' }) };
  }
  return { kind: 'update' as const, body: campaignUpdateSchema.parse(common) };
}

const vendorFields = (row: VendorRowValues, campaignId: string) => ({
  CampaignId: campaignId,
  VendorId: row.VendorId,
  VendorPrice: row.VendorPrice,
  MaxPrice: row.MaxPrice,
  CaptivePrice: row.CaptivePrice,
  BrokerPrice: row.BrokerPrice,
  CheckEbureau: row.CheckEbureau,
  MinScore: row.CheckEbureau ? row.MinScore : null,
});

/** The POST body of a new campaign vendor: an empty CampaignVendorId (part 3 §4). */
export const newVendorBody = (row: VendorRowValues, campaignId: string) => campaignVendorSchema.parse({ ...vendorFields(row, campaignId), CampaignVendorId: '' });

/** The PATCH body of a saved campaign vendor, with the revision read. */
export const savedVendorBody = (row: VendorRowValues, campaignId: string) =>
  campaignVendorUpdateSchema.parse({ ...vendorFields(row, campaignId), CampaignVendorId: row.CampaignVendorId, Revision: row.Revision });

/** The PUT body of a row's fund selections, each naming the campaign vendor the vendor call answered. */
export const fundSelectionsBody = (row: VendorRowValues, campaignVendorId: string): FundSelectionDto[] =>
  row.Funds.map((f) => ({ CampaignVendorId: campaignVendorId, FundId: f.FundId, Name: f.Name, Code: f.Code, IsActive: f.IsActive, Priority: f.Priority, Action: f.Action }));
