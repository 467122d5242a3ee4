// The partner portal's Integration screen (issue 24): the vendor's campaigns with the fields their
// criteria require, the token's and the sandbox token's last four, and their rotation (a new token is
// answered this once).
import { ok, route } from '#platform/http.ts';
import { routeById } from '#shared/manifest.ts';
import { rotateSandboxToken, rotateVendorToken } from '#core/catalogue/vendors.ts';
import { vendorIntegration } from '#core/partner/integration.ts';

/** Where the lead API's OpenAPI document is served. */
const OPENAPI_URL = `/api${routeById('intake.openapi')?.path ?? '/intake/openapi.json'}`;

export const getIntegration = route('partner.integration', {
  handle: async ({ params }) => {
    const found = await vendorIntegration(params.vendorId);
    return ok({
      VendorId: found.vendorId,
      TokenLastFour: found.tokenLastFour,
      SandboxTokenLastFour: found.sandboxTokenLastFour,
      Campaigns: found.campaigns.map((c) => ({
        CampaignId: c.campaignId,
        CampaignCode: c.code,
        Name: c.name,
        Active: c.active,
        RequiredFields: c.requiredFields,
        MinAge: c.minAge,
        MaxAge: c.maxAge,
      })),
      OpenApiUrl: OPENAPI_URL,
    });
  },
});

export const rotatePartnerToken = route('partner.rotateToken', {
  handle: async ({ user, params }) => {
    const rotated = await rotateVendorToken(user, params.vendorId);
    return ok({ Token: rotated.token, TokenLastFour: rotated.lastFour });
  },
});

export const rotatePartnerSandboxToken = route('partner.rotateSandboxToken', {
  handle: async ({ user, params }) => {
    const rotated = await rotateSandboxToken(user, params.vendorId);
    return ok({ Token: rotated.token, TokenLastFour: rotated.lastFour });
  },
});
