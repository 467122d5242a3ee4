// CRM delivery (issue 23, beyond the spec): up to 3 webhook endpoints per agent that receive each sold
// lead (and, if chosen, dispute decisions and low-balance alerts) as an HTTP POST, JSON or form-encoded,
// with the lead's fields under the CRM's own names. Each delivery is signed (HMAC-SHA256 of
// `{timestamp}.{body}`, like Stripe's webhooks) and carries an idempotency key; the body builder is here
// so the browser previews exactly what the server sends.
import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notifications.ts';
import { areaContract, built, idParam, noContent } from './define.ts';

export const MAX_WEBHOOKS = 3;
/** Header names of every delivery. */
export const SIGNATURE_HEADER = 'X-LeadPortal-Signature';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const EVENT_HEADER = 'X-LeadPortal-Event';
/** A delivery waits this long for an answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Retries stop this long after the first attempt; the delivery is then parked. */
export const RETRY_FOR_MS = 24 * 3_600_000;
/** An endpoint failing this long shows a banner to its agent. */
export const FAILING_BANNER_MS = 3_600_000;

/** The lead fields a mapping may send, as the portal names them. */
export const LEAD_FIELDS = [
  'LeadId',
  'FirstName',
  'LastName',
  'Email',
  'PrimaryPhone',
  'Address1',
  'City',
  'StateCode',
  'ZipCode',
  'BirthDate',
  'Gender',
  'CampaignName',
  'OrderName',
  'Price',
  'SoldAt',
  'UniversalLeadId',
] as const;
export type LeadField = (typeof LEAD_FIELDS)[number];
export type LeadValues = Partial<Record<LeadField, string | number>>;

export const WEBHOOK_MESSAGES = {
  url: 'Enter an https:// address (http:// only for localhost on a local stack).',
  privateAddress: 'This address is on a private network; enter a public https:// address.',
  tooMany: `An agent can have at most ${MAX_WEBHOOKS} CRM endpoints.`,
  crmName: 'CRM field names are 1 to 64 letters, digits, dashes, dots or underscores.',
  duplicateName: 'Two fields are sent under the same CRM name.',
  noFields: 'Map at least one field.',
  noEvents: 'Choose at least one event.',
  banner: 'A CRM endpoint has been failing for over an hour: leads are not reaching your CRM.',
  replayInFlight: 'This delivery is being sent right now; replay it once this attempt has finished.',
} as const;

const crmName = z.string().trim().regex(/^[A-Za-z0-9_.-]{1,64}$/, WEBHOOK_MESSAGES.crmName);

/** Which lead field goes under which CRM name (fields left out are not sent). */
export const fieldMapSchema = z
  .array(z.object({ Field: z.enum(LEAD_FIELDS), Name: crmName }))
  .min(1, WEBHOOK_MESSAGES.noFields)
  .max(LEAD_FIELDS.length)
  .refine((m) => new Set(m.map((f) => f.Name)).size === m.length, WEBHOOK_MESSAGES.duplicateName);
export type FieldMap = z.infer<typeof fieldMapSchema>;

/** Every field under its own name: what a new endpoint starts with. */
export const DEFAULT_FIELD_MAP: FieldMap = LEAD_FIELDS.map((f) => ({ Field: f, Name: f }));

export const WEBHOOK_FORMATS = ['json', 'form'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const webhookBody = z.object({
  // No space or control character inside (a CR or LF the URL parser would drop is refused, not stored as typed).
  Url: z
    .string({ error: WEBHOOK_MESSAGES.url })
    .trim()
    .max(2048, WEBHOOK_MESSAGES.url)
    // eslint-disable-next-line no-control-regex -- the characters refused
    .regex(/^[^\s\u0000-\u001f\u007f]*$/, WEBHOOK_MESSAGES.url)
    .pipe(z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.url })),
  Format: z.enum(WEBHOOK_FORMATS),
  FieldMap: fieldMapSchema,
  Events: z.array(z.enum(NOTIFICATION_KINDS)).min(1, WEBHOOK_MESSAGES.noEvents).max(NOTIFICATION_KINDS.length),
  Enabled: z.boolean(),
});
export type WebhookBodyIn = z.input<typeof webhookBody>;

export const webhookSchema = z.object({
  EndpointId: z.string(),
  Url: z.string(),
  Format: z.enum(WEBHOOK_FORMATS),
  FieldMap: z.array(z.object({ Field: z.enum(LEAD_FIELDS), Name: z.string() })),
  Events: z.array(z.enum(NOTIFICATION_KINDS)),
  Enabled: z.boolean(),
  /** The secret's last four characters (it is shown whole only when made). */
  SecretLast4: z.string(),
  CreatedAt: z.string(),
  /** Since when every delivery has failed (null: the last one succeeded, or none yet). */
  FailingSince: z.string().nullable(),
  /** Deliveries parked after their retries ran out, not yet replayed. */
  Parked: z.number().int().nonnegative(),
});
export type WebhookDto = z.infer<typeof webhookSchema>;

export const webhooksSchema = z.object({ Webhooks: z.array(webhookSchema), Banner: z.string().nullable() });
/** A new endpoint or a rotated secret: the secret, this once. */
export const webhookWithSecretSchema = z.object({ Webhook: webhookSchema, Secret: z.string() });

export const DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'parked'] as const;

export const attemptSchema = z.object({
  At: z.string(),
  /** The HTTP status, or null when no answer came (refused, timed out). */
  Status: z.number().int().nullable(),
  LatencyMs: z.number().int().nonnegative(),
  Error: z.string().nullable(),
});

export const deliverySchema = z.object({
  DeliveryId: z.string(),
  Event: z.enum([...NOTIFICATION_KINDS, 'Test']),
  At: z.string(),
  State: z.enum(DELIVERY_STATES),
  Attempts: z.array(attemptSchema),
  NextAttemptAt: z.string().nullable(),
  /** The body as sent (the last attempt's). */
  Body: z.string().nullable(),
});
export type DeliveryDto = z.infer<typeof deliverySchema>;

export const deliveriesSchema = z.object({ Deliveries: z.array(deliverySchema), Cursor: z.string().nullable() });

export const endpointParams = z.object({ agentId: idParam('Agent id'), endpointId: idParam('Endpoint id') });
export const deliveryParams = endpointParams.extend({ deliveryId: z.string().regex(/^[A-Za-z0-9_.:#-]{1,200}$/, 'Delivery id is not valid.') });

/** The staff view: deliveries across agents that failed (parked or retrying), oldest failing first. */
export const failedDeliverySchema = deliverySchema.extend({ AgentId: z.string(), EndpointId: z.string(), Url: z.string() });

/** The staff view: every agent's endpoints, failing ones first, a page at a time. */
export const staffEndpointsSchema = z.object({ Endpoints: z.array(webhookSchema.extend({ AgentId: z.string() })), Cursor: z.string().nullable() });
const pageCursor = z.object({ cursor: z.string().max(2000).optional() });

/** The values of a lead the mapping picks from. */
export function mappedFields(values: LeadValues, map: FieldMap): [string, string | number][] {
  return map.flatMap(({ Field, Name }) => (values[Field] === undefined || values[Field] === '' ? [] : [[Name, values[Field]!] as [string, string | number]]));
}

/** Named fields as a request body in the endpoint's format. */
export function encodedBody(fields: [string, string | number][], format: WebhookFormat): { body: string; contentType: string } {
  if (format === 'json') return { body: JSON.stringify(Object.fromEntries(fields)), contentType: 'application/json' };
  return { body: new URLSearchParams(fields.map(([k, v]) => [k, String(v)] as [string, string])).toString(), contentType: 'application/x-www-form-urlencoded' };
}

/** The request body the endpoint receives: the mapped fields as JSON or form-encoded. */
export function deliveryBody(values: LeadValues, map: FieldMap, format: WebhookFormat): { body: string; contentType: string } {
  return encodedBody(mappedFields(values, map), format);
}

/** A made-up lead for previews and Send test. */
export const SAMPLE_LEAD: LeadValues = {
  LeadId: 100001,
  FirstName: 'Pat',
  LastName: 'Sample',
  Email: 'pat.sample@example.com',
  PrimaryPhone: '3125550142',
  Address1: '1 Main St',
  City: 'Chicago',
  StateCode: 'IL',
  ZipCode: '60601',
  BirthDate: '1970-05-01',
  Gender: 'F',
  CampaignName: 'Health Web Leads',
  OrderName: 'My order',
  Price: 25,
  SoldAt: '2026-01-01T10:00:00.000Z',
  UniversalLeadId: 'SAMPLE-0001',
};

const agentParams = z.object({ agentId: idParam('Agent id') });

export const webhooksApi = areaContract<'webhooks'>()({
  'webhooks.list': built({ params: agentParams, response: webhooksSchema }),
  'webhooks.create': built({ params: agentParams, body: webhookBody, response: webhookWithSecretSchema, status: 201 }),
  'webhooks.update': built({ params: endpointParams, body: webhookBody, response: webhookSchema }),
  'webhooks.delete': built({ params: endpointParams, response: noContent, status: 204 }),
  'webhooks.rotateSecret': built({ params: endpointParams, response: webhookWithSecretSchema }),
  'webhooks.sendTest': built({ params: endpointParams, response: deliverySchema }),
  'webhooks.deliveries': built({ params: endpointParams, query: pageCursor, response: deliveriesSchema }),
  'webhooks.replay': built({ params: deliveryParams, response: deliverySchema }),
  'webhooks.failures': built({ response: z.object({ Deliveries: z.array(failedDeliverySchema) }) }),
  'webhooks.endpoints': built({ query: pageCursor, response: staffEndpointsSchema }),
});
