// Route handlers of the webhooks area, keyed by manifest route id. Who may call each is the manifest's
// rule (the agent points their endpoints; the agent and staff who view agents see and replay).
import type { AreaRoutes } from '#platform/http.ts';
import { createWebhook, deleteWebhook, listAllEndpoints, listDeliveries, listFailures, listWebhooks, replay, rotateWebhookSecret, sendWebhookTest, updateWebhook } from './webhook-routes.ts';

export const routes: AreaRoutes = {
  'webhooks.list': listWebhooks,
  'webhooks.create': createWebhook,
  'webhooks.update': updateWebhook,
  'webhooks.delete': deleteWebhook,
  'webhooks.rotateSecret': rotateWebhookSecret,
  'webhooks.sendTest': sendWebhookTest,
  'webhooks.deliveries': listDeliveries,
  'webhooks.replay': replay,
  'webhooks.failures': listFailures,
  'webhooks.endpoints': listAllEndpoints,
};
