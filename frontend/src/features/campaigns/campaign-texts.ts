// The campaign screens' constants the shared messages (shared/campaign.ts) do not carry.

/** Campaign form snackbars hide after 6 s (part 3 §9). */
export const CAMPAIGN_SNACKBAR_MS = 6000;
