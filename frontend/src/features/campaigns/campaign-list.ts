// What the campaigns list shows (spec part 3 §2, §4): by default only current campaigns (now between
// start and end, as the server's IsCurrent says); the Show Pending/Expired toggle shows the pending
// and expired ones instead. The filter matches any shown column's text.

export interface ListedCampaign {
  Name: string;
  IsCurrent: boolean;
}

export function campaignsShown<C extends ListedCampaign>(campaigns: readonly C[], options: { pendingOrExpired: boolean; filter: string; text: (c: C) => string[] }): C[] {
  const needle = options.filter.trim().toLowerCase();
  return campaigns
    .filter((c) => c.IsCurrent !== options.pendingOrExpired)
    .filter((c) => needle === '' || options.text(c).some((t) => t.toLowerCase().includes(needle)))
    .sort((a, b) => a.Name.localeCompare(b.Name));
}
