// The demo price factors: the rating table the lead engine weighs a lead's price by (prospect age,
// score, household, income, distance, lead age), a little over one page of the 20-row table.
import { PriceFactor, PriceFactorSet } from '#entities/price-factor.ts';

const ADMIN = 'admin@leadportal.example.com';
const GENERATION = 'seed';
const DAY = 86_400_000;

/** Key, then [Min, Max, Weight] rows; ranges of one key never overlap. */
const TABLE: Record<string, [number, number, number][]> = {
  Age: [[18, 25, 0.8], [26, 44, 1], [45, 64, 1.2], [65, 120, 1.35]],
  Score: [[0, 399, 0.6], [400, 599, 0.85], [600, 799, 1], [800, 999, 1.2]],
  HouseholdSize: [[1, 1, 1], [2, 2, 1.05], [3, 4, 1.1], [5, 20, 1.15]],
  HouseholdIncome: [[0, 24_999.99, 0.7], [25_000, 49_999.99, 0.9], [50_000, 99_999.99, 1], [100_000, 999_999_999.99, 1.15]],
  DistanceMiles: [[0, 10, 1.1], [10.01, 25, 1], [25.01, 50, 0.9], [50.01, 500, 0.75]],
  LeadAgeDays: [[0, 0, 1], [1, 2, 0.8], [3, 7, 0.6], [8, 30, 0.4]],
};

export function buildPriceFactors(today: Date): { set: PriceFactorSet; factors: PriceFactor[] } {
  const created = new Date(today.getTime() - 45 * DAY).toISOString();
  // Score weights were re-tuned a fortnight ago; the rest are as first entered.
  const retuned = new Date(today.getTime() - 14 * DAY).toISOString();
  const factors = Object.entries(TABLE).flatMap(([key, rows]) =>
    rows.map(([min, max, weight]) => ({
      generation: GENERATION,
      key,
      min,
      max,
      weight,
      created,
      createdBy: ADMIN,
      modified: key === 'Score' ? retuned : created,
      modifiedBy: ADMIN,
    })),
  );
  return { set: { generation: GENERATION, count: factors.length, revision: 1, modifiedBy: ADMIN, lastUpdated: retuned }, factors };
}

/** The items to write: the factors and the pointer that makes them the current set. */
export function priceFactorItems(today: Date): Record<string, unknown>[] {
  const { set, factors } = buildPriceFactors(today);
  return [...factors.map((f) => PriceFactor.toItem(f)), PriceFactorSet.toItem(set)];
}
