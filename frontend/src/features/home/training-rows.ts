// The Training table shows only the courses configuration names (spec part 1 §9 validTrainingTitles);
// the agent systems send every course the agent ever took.
import type { TrainingRow } from './api/get-training-data.ts';

export function validTrainingRows(rows: readonly TrainingRow[], validTitles: readonly string[]): TrainingRow[] {
  const valid = new Set(validTitles);
  return rows.filter((row) => valid.has(row.CourseName));
}
