// POST /api/PriceFactor/bulkImport: the ticket for uploading a replacement set (docs/api.md "CSV uploads").
import { callApi } from '@/api/client.ts';
import type { UploadRequest } from '#shared/api/uploads.ts';

export const requestPriceFactorUpload = (request: UploadRequest) => callApi('priceFactors.bulkImport', { body: request });
