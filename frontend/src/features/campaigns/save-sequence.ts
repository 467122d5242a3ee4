// The campaign save sequence (spec part 3 §4): the campaign first (POST answers its CampaignId,
// PATCH 204), then on edit the removed campaign vendors are deleted, then each campaign vendor is
// POSTed (new, empty CampaignVendorId) or PATCHed, and its fund selections are PUT with the id the
// vendor call answered. Calls run one after another in that order; the first failure stops the
// sequence and is thrown to the form, which shows the failure dialog.
//
// Each finished step is reported, so the form can keep the ids the server gave: pressing Save again
// after a failure half-way then updates what was already written instead of creating it twice.

export interface SaveVendor {
  /** Empty for a campaign vendor not saved yet. */
  CampaignVendorId: string;
}

export interface SaveSteps<V extends SaveVendor> {
  /** POST (no id yet) or PATCH the campaign; answers the campaign's id. */
  saveCampaign(campaignId: string | undefined): Promise<string>;
  deleteVendor(campaignVendorId: string): Promise<void>;
  createVendor(vendor: V, campaignId: string): Promise<string>;
  updateVendor(vendor: V, campaignId: string): Promise<string>;
  saveFunds(vendor: V, campaignVendorId: string): Promise<void>;
}

export interface SavePlan<V extends SaveVendor> {
  /** The campaign's id when editing, or when an earlier attempt already created it. */
  campaignId: string | undefined;
  /** Saved campaign vendors the user removed from the form. */
  removedVendorIds: readonly string[];
  vendors: readonly V[];
}

export interface SaveProgress {
  campaignSaved(campaignId: string): void;
  vendorDeleted(campaignVendorId: string): void;
  vendorSaved(index: number, campaignVendorId: string): void;
}

const noProgress: SaveProgress = { campaignSaved: () => {}, vendorDeleted: () => {}, vendorSaved: () => {} };

export async function runCampaignSave<V extends SaveVendor>(plan: SavePlan<V>, steps: SaveSteps<V>, progress: SaveProgress = noProgress): Promise<string> {
  const campaignId = await steps.saveCampaign(plan.campaignId || undefined);
  progress.campaignSaved(campaignId);
  for (const id of plan.removedVendorIds) {
    await steps.deleteVendor(id);
    progress.vendorDeleted(id);
  }
  for (const [index, vendor] of plan.vendors.entries()) {
    const campaignVendorId = vendor.CampaignVendorId
      ? await steps.updateVendor(vendor, campaignId)
      : await steps.createVendor(vendor, campaignId);
    progress.vendorSaved(index, campaignVendorId);
    await steps.saveFunds(vendor, campaignVendorId);
  }
  return campaignId;
}
