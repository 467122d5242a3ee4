// GET /api/openapi.json (the whole API) and GET /api/intake/openapi.json (its subset tagged for
// vendors): OpenAPI 3.1 documents generated from the manifest and its zod contract
// (shared/api/openapi.ts), public like any API description. Each is made once per Lambda.
import { openApiDocument, vendorOpenApiDocument, type JsonObject } from '#shared/api/openapi.ts';
import { ok, route } from '#platform/http.ts';

const once = (make: () => JsonObject) => {
  let made: JsonObject | undefined;
  return () => (made ??= make());
};

const wholeDocument = once(() => openApiDocument());
const vendorDocument = once(() => vendorOpenApiDocument());

export const getApiDocument = route('intake.apiDocument', {
  async handle() {
    return ok(wholeDocument());
  },
});

export const getOpenApi = route('intake.openapi', {
  async handle() {
    return ok(vendorDocument());
  },
});
