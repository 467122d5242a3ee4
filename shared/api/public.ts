// The public and machine-to-machine areas: sign-in (part 1 §4, §7), the public sales forms (part 3
// §7) and vendor lead posting.
import { z } from 'zod';
import { employerLeadSchema, publicLeadCreatedSchema, salesLeadSchema, salesLobSchema } from '../sales-forms.ts';
import { zipCodeSchema } from '../zip.ts';
import { zipRowSchema } from './address.ts';
import { areaContract, built, idParam, redirectTo } from './define.ts';

export const authApi = areaContract<'auth'>()({
  'auth.signin': built({ response: redirectTo, status: 302 }),
  // The provider's redirect back; whatever it adds beyond these is kept for the token exchange.
  'auth.callback': built({
    query: z.object({ state: z.string().max(200).optional(), code: z.string().max(2000).optional(), error: z.string().max(200).optional() }).loose(),
    response: redirectTo,
    status: 302,
  }),
  'auth.signout': built({ response: redirectTo, status: 302 }),
  'auth.health': built({ response: z.object({ Status: z.literal('ok') }) }),
  // Staff MFA set-up (docs/api.md "Staff MFA"): a new authenticator key for the refused sign-in's user,
  // then a code of it, which turns the app on; the next sign-in asks for a code.
  'auth.mfaSetup': built({
    response: z.object({ Email: z.string(), SecretCode: z.string(), OtpAuthUri: z.string() }),
  }),
  'auth.mfaVerify': built({
    body: z.object({ Code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.') }),
    response: z.object({ Status: z.literal('Enabled') }),
  }),
});

export const salesApi = areaContract<'sales'>()({
  // A contract number that is no contract map's is a 404 'Contract number is invalid.'; a known one
  // answers its campaign's line of business and the form it uses (null: none, the page says 'Oops!').
  'sales.lob': built({ params: z.object({ contractNumber: idParam('Contract number') }), response: salesLobSchema }),
  'sales.location': built({ params: z.object({ zip: zipCodeSchema }), response: zipRowSchema }),
  // Both submit once per visitor action: 201 with the stored submission's id (docs/api.md "Public forms").
  'sales.lead': built({ body: salesLeadSchema, response: publicLeadCreatedSchema, status: 201 }),
  'sales.employer': built({ body: employerLeadSchema, response: publicLeadCreatedSchema, status: 201 }),
});

// The vendor lead-posting API lives in its own module (its schemas also make the OpenAPI document).
export { intakeApi } from './intake.ts';
