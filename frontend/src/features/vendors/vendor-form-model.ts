// The vendor form's values and the bodies of its calls (spec part 3 §2, §3, §5): a VendorDetails
// becomes form values, form values become the POST/PATCH vendor body and the campaign vendors of
// Select Campaigns. The form validates with the shared schemas the server parses with
// (shared/vendors.ts); a Select Campaigns price is also held to the campaign vendor's price rule,
// which is what POST campaignVendors checks it with.
import { schemaResolver, type FormErrors } from '@mantine/form';
import type { BodyIn } from '#shared/api/index.ts';
import type { VendorDetails } from '#shared/api/vendors.ts';
import { CAMPAIGN_MESSAGES, priceSchema } from '#shared/campaign.ts';
import { POSTS_PER_MINUTE, vendorCreateFormSchema, vendorEditFormSchema, type VendorFormInput, type VendorUpdateInput } from '#shared/vendors.ts';

export interface ReasonRow {
  /** The row's key in the list (stable while rows are added and removed); never sent. */
  key: string;
  VendorReason: string;
  UserFacingReason: string;
}

export interface CampaignPickRow {
  key: string;
  /** Empty until a campaign is chosen ('A campaign is required'). */
  CampaignId: string;
  /** Dollars; null while empty ('Vendor price is required'). */
  VendorPrice: number | null;
}

export interface VendorFormValues {
  Name: string;
  Code: string;
  Description: string;
  Status: 0 | 1;
  Archived: boolean;
  IsPartner: boolean;
  AllowCreditLineUse: boolean;
  AllowDisputes: boolean;
  AllowVariablePricing: boolean;
  /** The lead API's limit; '' while the field is cleared. */
  PostsPerMinute: number | '';
  VendorContact: {
    VendorContactId: string;
    Name: string;
    Email: string;
    Phone: string;
    AddressLine1: string;
    AddressLine2: string;
    City: string;
    /** Empty until a state is chosen ('State is required'). */
    State: string;
    Zip: string;
  };
  DisputeReasons: ReasonRow[];
  /** Select Campaigns: create only (the edit form keeps it empty). */
  Campaigns: CampaignPickRow[];
}

let lastKey = 0;
const nextKey = () => `row-${++lastKey}`;

export const newReasonRow = (): ReasonRow => ({ key: nextKey(), VendorReason: '', UserFacingReason: '' });
export const newCampaignPick = (): CampaignPickRow => ({ key: nextKey(), CampaignId: '', VendorPrice: null });

/** New Vendor: empty, Active (spec part 3 §4: Active 1). */
export function newVendorValues(): VendorFormValues {
  return {
    Name: '',
    Code: '',
    Description: '',
    Status: 1,
    Archived: false,
    IsPartner: false,
    AllowCreditLineUse: false,
    AllowDisputes: false,
    AllowVariablePricing: false,
    PostsPerMinute: POSTS_PER_MINUTE.default,
    VendorContact: { VendorContactId: '', Name: '', Email: '', Phone: '', AddressLine1: '', AddressLine2: '', City: '', State: '', Zip: '' },
    DisputeReasons: [],
    Campaigns: [],
  };
}

/** Edit Vendor: the vendor as GET vendor/{id} answered it. */
export function editVendorValues(vendor: VendorDetails): VendorFormValues {
  const c = vendor.VendorContact;
  return {
    Name: vendor.Name,
    Code: vendor.Code,
    Description: vendor.Description,
    Status: vendor.Status,
    Archived: vendor.Archived,
    IsPartner: vendor.IsPartner,
    AllowCreditLineUse: vendor.AllowCreditLineUse,
    AllowDisputes: vendor.AllowDisputes,
    AllowVariablePricing: vendor.AllowVariablePricing,
    PostsPerMinute: vendor.PostsPerMinute,
    VendorContact: {
      VendorContactId: c.VendorContactId,
      Name: c.Name,
      Email: c.Email,
      Phone: c.Phone,
      AddressLine1: c.AddressLine1,
      AddressLine2: c.AddressLine2,
      City: c.City,
      State: c.State,
      Zip: c.Zip,
    },
    DisputeReasons: vendor.DisputeReasons.map((r) => ({ key: nextKey(), VendorReason: r.VendorReason, UserFacingReason: r.UserFacingReason })),
    Campaigns: [],
  };
}

/** POST vendor: the vendor part of the form (the rows' keys and the campaign picks stay behind). */
export function vendorBody(values: VendorFormValues): VendorFormInput {
  return {
    Name: values.Name,
    Code: values.Code,
    Description: values.Description,
    Status: values.Status,
    Archived: values.Archived,
    IsPartner: values.IsPartner,
    AllowCreditLineUse: values.AllowCreditLineUse,
    AllowDisputes: values.AllowDisputes,
    AllowVariablePricing: values.AllowVariablePricing,
    // A cleared field holds Save back, so a number is always sent.
    PostsPerMinute: values.PostsPerMinute === '' ? undefined : values.PostsPerMinute,
    VendorContact: { ...values.VendorContact },
    DisputeReasons: values.DisputeReasons.map((r) => ({ VendorReason: r.VendorReason, UserFacingReason: r.UserFacingReason })),
  };
}

/** PATCH vendor: the same with the vendor's id and the revision the editor read. */
export const vendorUpdateBody = (values: VendorFormValues, vendorId: string, revision: number): VendorUpdateInput => ({
  ...vendorBody(values),
  VendorId: vendorId,
  Revision: revision,
});

/** POST campaignVendors for a picked campaign, once the new vendor has its id. */
export const campaignVendorBody = (pick: CampaignPickRow, vendorId: string): BodyIn<'campaigns.createCampaignVendor'> => ({
  CampaignId: pick.CampaignId,
  VendorId: vendorId,
  // The form refuses an empty price before anything is sent.
  VendorPrice: pick.VendorPrice ?? 0,
  CheckEbureau: false,
});

const createResolver = schemaResolver(vendorCreateFormSchema, { sync: true });
const editResolver = schemaResolver(vendorEditFormSchema, { sync: true });
const campaignVendorPrice = priceSchema(CAMPAIGN_MESSAGES.vendorPriceRequired);

/**
 * The form's errors keyed by field path ('VendorContact.City', 'Campaigns.0.VendorPrice',
 * 'DisputeReasons' for the list's own rules). The edit schema also needs the id and revision, which
 * are not form fields; any valid ones do for validation.
 */
export function vendorFormErrors(values: VendorFormValues, editing: { VendorId: string; Revision: number } | null): FormErrors {
  const errors = editing ? editResolver({ ...values, ...editing }) : createResolver(values);
  values.Campaigns.forEach((pick, index) => {
    const path = `Campaigns.${index}.VendorPrice`;
    if (errors[path] || pick.VendorPrice === null) return;
    const price = campaignVendorPrice.safeParse(pick.VendorPrice);
    if (!price.success) errors[path] = price.error.issues[0]?.message ?? CAMPAIGN_MESSAGES.priceFormat;
  });
  return errors;
}

/**
 * The revision the edit form keeps after a change made beside it (a new token, an administrator),
 * each of which moves the vendor's revision by one. Only the very next revision is taken: a bigger
 * jump means someone else changed the vendor meanwhile, and the form keeps the one it read so that
 * Update Vendor is refused (409) instead of overwriting their change.
 */
export const revisionAfterSideChange = (held: number, answered: number) => (answered === held + 1 ? answered : held);

/** The Vendor Token section's line: the last four characters behind dots, or that there is none. */
export const tokenDisplay = (lastFour: string | null) => (lastFour ? `••••${lastFour}` : 'No token yet');
