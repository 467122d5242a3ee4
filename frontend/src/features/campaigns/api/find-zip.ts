// GET /api/address/zipCode/{zip}: the states a bid zip lies in, so a zip outside the chosen state is
// refused before it is added (spec part 3 §5).
import { callApi } from '@/api/client.ts';

export const findZipStates = async (zip: string): Promise<string[]> =>
  (await callApi('address.zipCodes', { params: { zip } })).map((row) => row.StateAbbreviation);
