// Query keys of the price factors feature, broadest first.
export const priceFactorKeys = {
  all: ['priceFactors'] as const,
  list: () => [...priceFactorKeys.all, 'list'] as const,
};
