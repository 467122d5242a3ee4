// The webhooks area's routes (CRM delivery, issue 23): endpoints (list, create, update, delete,
// rotate the secret, send a test), an endpoint's delivery log and Replay, and the staff view (failing
// deliveries, and every agent's endpoints failing first).
import { WEBHOOK_MESSAGES } from '#shared/api/webhooks.ts';
import { deliveryLog, deliveryOf, failures, toDeliveryDto } from '#core/webhooks/delivery-log.ts';
import { replayDelivery, sendTest } from '#core/webhooks/deliveries.ts';
import { createEndpoint, deleteEndpoint, endpointsAcrossAgents, findEndpoint, listEndpoints, rotateSecret, toWebhookDto, updateEndpoint } from '#core/webhooks/endpoints.ts';
import { NotFound } from '#platform/errors.ts';
import { created, noContent, ok, route } from '#platform/http.ts';

export const listWebhooks = route('webhooks.list', {
  handle: async ({ params }) => {
    const { endpoints, failingLong } = await listEndpoints(params.agentId, new Date());
    return ok({ Webhooks: endpoints, Banner: failingLong ? WEBHOOK_MESSAGES.banner : null });
  },
});

export const createWebhook = route('webhooks.create', {
  handle: async ({ params, body }) => {
    const { endpoint, secret } = await createEndpoint(params.agentId, body, new Date());
    return created({ Webhook: await toWebhookDto(endpoint), Secret: secret });
  },
});

export const updateWebhook = route('webhooks.update', {
  handle: async ({ params, body }) => ok(await toWebhookDto(await updateEndpoint(params.agentId, params.endpointId, body, new Date()))),
});

export const deleteWebhook = route('webhooks.delete', {
  handle: async ({ params }) => {
    await deleteEndpoint(params.agentId, params.endpointId);
    return noContent();
  },
});

export const rotateWebhookSecret = route('webhooks.rotateSecret', {
  handle: async ({ params }) => {
    const { endpoint, secret } = await rotateSecret(params.agentId, params.endpointId, new Date());
    return ok({ Webhook: await toWebhookDto(endpoint), Secret: secret });
  },
});

export const sendWebhookTest = route('webhooks.sendTest', {
  handle: async ({ params }) => {
    const done = await sendTest(params.agentId, params.endpointId);
    if (!done) throw new NotFound('Endpoint not found.');
    return ok(toDeliveryDto(done));
  },
});

export const listDeliveries = route('webhooks.deliveries', {
  handle: async ({ params, query }) => {
    await findEndpoint(params.agentId, params.endpointId);
    const { deliveries, cursor } = await deliveryLog(params.endpointId, query.cursor);
    return ok({ Deliveries: deliveries, Cursor: cursor ?? null });
  },
});

export const replay = route('webhooks.replay', {
  handle: async ({ params }) => {
    await findEndpoint(params.agentId, params.endpointId);
    await deliveryOf(params.agentId, params.endpointId, params.deliveryId);
    const replayed = await replayDelivery(params.endpointId, params.deliveryId);
    if (!replayed) throw new NotFound('Delivery not found.');
    return ok(toDeliveryDto(replayed));
  },
});

export const listFailures = route('webhooks.failures', {
  handle: async () => ok({ Deliveries: await failures() }),
});


export const listAllEndpoints = route('webhooks.endpoints', {
  handle: async ({ query }) => {
    const { endpoints, cursor } = await endpointsAcrossAgents(query.cursor);
    return ok({ Endpoints: endpoints, Cursor: cursor ?? null });
  },
});
