// Lambda entry of the intake area: vendor routes behind the token gatekeeper and the manifest; a body
// larger than any lead can be is refused with 413 before it is parsed.
import { INTAKE_BODY_MESSAGES, INTAKE_MAX_BODY_BYTES } from '#shared/api/intake.ts';
import { areaHandler } from '#platform/http.ts';
import { routes } from './routes.ts';
import { vendorGatekeeper } from './vendor-gatekeeper.ts';

export const handler = areaHandler('intake', routes, () => vendorGatekeeper, { maxBodyBytes: { bytes: INTAKE_MAX_BODY_BYTES, message: INTAKE_BODY_MESSAGES.bodyTooLarge } });
