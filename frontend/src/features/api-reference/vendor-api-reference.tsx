// The vendor calls of the API reference (issue 24), for the partner portal's Integration screen: the
// vendor OpenAPI document (GET /api/intake/openapi.json) with curl lines that post to this site with
// the vendor's sandbox token. Features do not import each other: the Integration route composes it
// (routes/_partner/partner/$vendorID/integration.tsx), loading `vendorApiDocumentQueryOptions` first.
import { ApiReference } from './api-reference.tsx';
import { useVendorApiDocument } from './api/get-api-document.ts';

export interface VendorApiReferenceProps {
  /** One of the vendor's campaign codes, for the examples. */
  campaignCode?: string;
  /** The sandbox token just shown, if any; else the examples name a placeholder for it. */
  sandboxToken?: string;
  /** 3 when it sits under a section heading of level 2. */
  headingLevel?: 2 | 3;
}

export function VendorApiReference({ campaignCode, sandboxToken, headingLevel = 3 }: VendorApiReferenceProps) {
  const document = useVendorApiDocument();
  return (
    <ApiReference
      document={document}
      tags={['intake']}
      headingLevel={headingLevel}
      curl={{ baseUrl: `${window.location.origin}/api`, ...(campaignCode ? { campaignCode } : {}), ...(sandboxToken ? { token: sandboxToken } : {}) }}
    />
  );
}
