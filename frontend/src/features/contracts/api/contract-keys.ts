// Query keys of the Contract Map, broadest first: a save or delete invalidates the list of maps; the
// campaign choices are this screen's own read of GET campaign.
export const contractKeys = {
  all: ['contracts'] as const,
  list: () => [...contractKeys.all, 'list'] as const,
  campaignChoices: () => [...contractKeys.all, 'campaign-choices'] as const,
};
