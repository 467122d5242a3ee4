// The OpenAPI 3.1 document of the vendor intake API (lead posting and the live-transfer ping), generated from its zod contract
// (shared/api/intake.ts) with zod's own JSON Schema output, so the document cannot drift from what the
// server parses. Served at GET /api/intake/openapi.json and rendered in docs/intake-api.md.
import { z } from 'zod';
import { errorBody } from '#shared/api/define.ts';
import { intakeLeadAnswerSchema, intakeLeadBodySchema, intakePingAnswerSchema, intakePingBodySchema } from '#shared/api/intake.ts';

const errorJson = () => ({ content: { 'application/json': { schema: z.toJSONSchema(errorBody, { io: 'output' }) } } });

export function intakeOpenApi(serverUrl = '/api'): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lead portal vendor intake',
      version: '1.0.0',
      description:
        'Post one lead per call with your vendor API token. A retry with the same VendorLeadId answers the first result and creates nothing. Ping a live-transfer campaign for its bid on a caller before transferring the call.',
    },
    servers: [{ url: serverUrl }],
    components: { securitySchemes: { vendorToken: { type: 'http', scheme: 'bearer', description: 'The vendor API token (lpv_…), shown once when generated on the vendor page.' } } },
    security: [{ vendorToken: [] }],
    paths: {
      '/intake/leads': {
        post: {
          operationId: 'postLead',
          summary: 'Post a lead',
          requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(intakeLeadBodySchema, { io: 'input' }) } } },
          responses: {
            '201': { description: 'Stored: sold, unsold, duplicate or rejected (see Reasons)', content: { 'application/json': { schema: z.toJSONSchema(intakeLeadAnswerSchema) } } },
            '400': { description: 'The body or the campaign criteria refuse the lead (ErrorMessages)', ...errorJson() },
            '401': { description: 'Missing, unknown or rotated token', ...errorJson() },
            '403': { description: 'Vendor inactive, or not on this campaign', ...errorJson() },
            '429': { description: "Over the vendor's posting rate; retry after the Retry-After seconds", ...errorJson() },
          },
        },
      },
      '/intake/ping': {
        post: {
          operationId: 'pingLiveTransfer',
          summary: 'Ping a live-transfer campaign for its bid on a caller',
          description:
            "Answers the campaign's bid for the caller's zip (else the state's) only when an agent with an active live-transfer order could take the call now. Nothing is reserved or charged; every ping is recorded for the Ping History report.",
          requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(intakePingBodySchema, { io: 'input' }) } } },
          responses: {
            '200': { description: 'A bid in dollars (Result "bid"), or no bid with the reasons in ErrorMessages', content: { 'application/json': { schema: z.toJSONSchema(intakePingAnswerSchema) } } },
            '400': { description: 'The body is malformed, the campaign code is unknown or the zip is not in the state (ErrorMessages)', ...errorJson() },
            '401': { description: 'Missing, unknown or rotated token', ...errorJson() },
            '403': { description: 'Vendor inactive, or not on this campaign', ...errorJson() },
            '429': { description: "Over the vendor's posting rate; retry after the Retry-After seconds", ...errorJson() },
          },
        },
      },
    },
  };
}
