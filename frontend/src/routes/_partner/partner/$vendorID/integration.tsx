// /partner/{vendorID}/integration (partnerIntegration): the vendor's campaigns with their required fields,
// its API and sandbox tokens with Rotate, and the lead API's docs: the rendered reference of the intake
// calls (the API reference feature, GET /api/intake/openapi.json) with curl lines against the sandbox (issue 24).
import { createFileRoute } from '@tanstack/react-router';
import { vendorApiDocumentQueryOptions, useVendorApiDocument } from '@/features/api-reference/api/get-api-document.ts';
import { ApiReference } from '@/features/api-reference/api-reference.tsx';
import { partnerIntegrationQueryOptions } from '@/features/partner/api/partner-integration.ts';
import { IntegrationPage, type ReferenceCurl } from '@/features/partner/integration-page.tsx';
import { config } from '@/config.ts';
import { guardPage } from '@/routing/guard-page.ts';

export const Route = createFileRoute('/_partner/partner/$vendorID/integration')({
  beforeLoad: guardPage('/partner/$vendorID/integration'),
  loader: ({ context: { queryClient }, params }) =>
    Promise.all([queryClient.ensureQueryData(partnerIntegrationQueryOptions(params.vendorID)), queryClient.ensureQueryData(vendorApiDocumentQueryOptions)]),
  component: IntegrationRoute,
});

/** The intake calls, their curl lines against this site with the vendor's campaign and sandbox token. */
function IntakeReference({ campaignCode, sandboxToken }: ReferenceCurl) {
  const document = useVendorApiDocument();
  const baseUrl = config.apiBaseUrl.startsWith('/') ? `${window.location.origin}${config.apiBaseUrl}` : config.apiBaseUrl;
  return (
    <ApiReference
      document={document}
      tags={['intake']}
      headingLevel={3}
      curl={{ baseUrl, ...(campaignCode ? { campaignCode } : {}), ...(sandboxToken ? { token: sandboxToken } : {}) }}
    />
  );
}

function IntegrationRoute() {
  const { vendorID } = Route.useParams();
  return <IntegrationPage vendorId={vendorID} reference={(curl) => <IntakeReference {...curl} />} />;
}
