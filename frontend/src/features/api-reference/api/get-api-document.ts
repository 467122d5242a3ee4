// GET /api/openapi.json (the whole API, for staff's API reference) and GET /api/intake/openapi.json
// (the vendor subset, for the partner portal's Integration screen): the OpenAPI documents the server
// generates from the manifest and the contract. They change only with a deployment.
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { callApi } from '@/api/client.ts';
import type { OpenApiDocument } from '../openapi-document.ts';

export const apiDocumentQueryOptions = queryOptions({
  queryKey: ['openapi', 'all'] as const,
  queryFn: ({ signal }) => callApi('intake.apiDocument', { signal }) as Promise<OpenApiDocument>,
  staleTime: Infinity,
});

export const vendorApiDocumentQueryOptions = queryOptions({
  queryKey: ['openapi', 'vendor'] as const,
  queryFn: ({ signal }) => callApi('intake.openapi', { signal }) as Promise<OpenApiDocument>,
  staleTime: Infinity,
});

export const useApiDocument = () => useSuspenseQuery(apiDocumentQueryOptions).data;
export const useVendorApiDocument = () => useSuspenseQuery(vendorApiDocumentQueryOptions).data;
