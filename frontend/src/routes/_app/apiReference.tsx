// /apiReference (apiReference): the whole API's reference for staff (issue 24); the OpenAPI document
// is loaded before the screen shows.
import { createFileRoute } from '@tanstack/react-router';
import { apiDocumentQueryOptions } from '@/features/api-reference/api/get-api-document.ts';
import { ApiReferencePage } from '@/features/api-reference/api-reference-page.tsx';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_app/apiReference')({
  beforeLoad: guardPage('/apiReference'),
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(apiDocumentQueryOptions),
  component: ApiReferencePage,
});
