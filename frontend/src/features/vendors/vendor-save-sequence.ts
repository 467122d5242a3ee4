// The order of New Vendor's calls (spec part 3 §7): POST vendor answers the VendorId, then each
// campaign picked in Select Campaigns is POSTed to campaignVendors with it, one after the other.
// Progress is reported as it happens, so a failure half way leaves the form knowing what was
// written: a second save then skips the vendor (whose code is now taken) and the campaigns already
// assigned, instead of creating the vendor twice.
import type { BodyIn } from '#shared/api/index.ts';
import type { VendorFormInput } from '#shared/vendors.ts';
import { campaignVendorBody, vendorBody, type VendorFormValues } from './vendor-form-model.ts';

export interface CreateSteps {
  createVendor(body: VendorFormInput): Promise<string>;
  assignCampaign(body: BodyIn<'campaigns.createCampaignVendor'>): Promise<unknown>;
}

export interface CreateProgress {
  vendorCreated(vendorId: string): void;
  /** The pick (by its row key) is now a campaign vendor. */
  campaignAssigned(key: string): void;
}

/** Runs the create; `createdVendorId` is the vendor an earlier, half-finished save already wrote. */
export async function runVendorCreate(
  values: VendorFormValues,
  createdVendorId: string | null,
  steps: CreateSteps,
  progress: CreateProgress,
): Promise<string> {
  let vendorId = createdVendorId;
  if (vendorId === null) {
    vendorId = await steps.createVendor(vendorBody(values));
    progress.vendorCreated(vendorId);
  }
  for (const pick of values.Campaigns) {
    await steps.assignCampaign(campaignVendorBody(pick, vendorId));
    progress.campaignAssigned(pick.key);
  }
  return vendorId;
}
