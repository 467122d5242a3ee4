// GET /api/doNotCall, POST /api/doNotCall/upload, PATCH /api/doNotCall/{listId}, GET
// /api/doNotCall/refusals: the do-not-call lists (issue 24): the lists, a ticket to upload a list's CSV
// (the csvProcess job applies it), a list switched on or off, and the leads they refused by vendor.
import { listDncLists, requestDncUpload, setDncListActive } from '#core/compliance/do-not-call-lists.ts';
import { dncRefusals } from '#core/compliance/do-not-call-refusals.ts';
import { created, ok, route } from '#platform/http.ts';

export const getDoNotCallLists = route('campaigns.doNotCallLists', {
  handle: async () => ok(await listDncLists()),
});

export const getDoNotCallRefusals = route('campaigns.doNotCallRefusals', {
  handle: async ({ query }) => ok(await dncRefusals(query)),
});

export const postDoNotCallUpload = route('campaigns.doNotCallUpload', {
  handle: async ({ body, user }) => created(await requestDncUpload(body, user)),
});

export const patchDoNotCallList = route('campaigns.doNotCallList', {
  handle: async ({ params, body }) => ok(await setDncListActive(params.listId, body.Active)),
});
