// Query keys of the Routing Rules screen, broadest first: every change to a rule refreshes the list.
export const ruleKeys = {
  all: ['rules'] as const,
  list: () => [...ruleKeys.all, 'list'] as const,
};
