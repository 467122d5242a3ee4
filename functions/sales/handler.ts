// Lambda entry of the sales area: the route handlers behind the session gatekeeper and the manifest,
// with the public forms' body size limit (the per-IP rate is counted in the handlers).
import { PUBLIC_FORM_MAX_BODY_BYTES } from '#core/leads/public-forms.ts';
import { apiArea } from '#core/identity/gatekeeper.ts';
import { SALES_FORM_MESSAGES } from '#shared/sales-forms.ts';
import { routes } from './routes.ts';

export const handler = apiArea('sales', routes, { maxBodyBytes: { bytes: PUBLIC_FORM_MAX_BODY_BYTES, message: SALES_FORM_MESSAGES.bodyTooLarge } });
