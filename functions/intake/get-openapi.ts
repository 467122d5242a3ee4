// GET /api/intake/openapi.json: the intake API's OpenAPI document (public, like any API description).
import { intakeOpenApi } from '#core/leads/openapi.ts';
import { ok, route } from '#platform/http.ts';

export const getOpenApi = route('intake.openapi', {
  async handle() {
    return ok(intakeOpenApi());
  },
});
