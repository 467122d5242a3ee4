// Query keys of the campaign screens, broadest first: a toggle or save invalidates the list; a save
// also the campaign it wrote.
export const campaignKeys = {
  all: ['campaigns'] as const,
  list: () => [...campaignKeys.all, 'list'] as const,
  detail: (campaignId: string) => [...campaignKeys.all, 'detail', campaignId] as const,
  campaignVendors: () => [...campaignKeys.all, 'campaignVendors'] as const,
  lookups: () => [...campaignKeys.all, 'lookups'] as const,
};
