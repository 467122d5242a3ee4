// GET /api/sales/location/{zip} (public): the city, county and state the forms fill from a zip.
import { callApi } from '@/api/client.ts';

export const findZipLocation = (zip: string, signal?: AbortSignal) => callApi('sales.location', { params: { zip }, signal });
