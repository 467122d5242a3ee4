// POST /api/intake/ping: a vendor's live-transfer ping, authenticated by its token (handler.ts): the
// campaign's bid when an agent could take the call now, else no bid with the reasons; recorded for
// the Ping History report.
import { pingCampaign } from '#core/leads/ping.ts';
import { checkVendorRate, pingAhead } from '#core/leads/vendor-intake.ts';
import { ok, route } from '#platform/http.ts';
import { isSandbox, vendorOf } from './vendor-gatekeeper.ts';

export const postPing = route('intake.ping', {
  // The vendor, its rate, the catalogue's version and the state's candidate versions, read together before the token is judged.
  early: ({ event }) => pingAhead(event.headers?.authorization, event.body, new Date()),
  async handle({ body, event, early }) {
    const vendor = vendorOf(event);
    const at = new Date();
    const { reads } = await (early as ReturnType<typeof pingAhead>);
    const sandbox = isSandbox(event);
    await checkVendorRate(vendor, at, reads, sandbox);
    const outcome = await pingCampaign({ vendor, campaignCode: body.CampaignCode, callerId: body.CallerId, stateCode: body.StateCode, zipCode: body.ZipCode, at, sandbox }, reads);
    return ok({
      PingId: outcome.pingId,
      Result: outcome.bidCents === undefined ? ('noBid' as const) : ('bid' as const),
      BidAmount: outcome.bidCents === undefined ? null : outcome.bidCents / 100,
      ErrorMessages: outcome.errorMessages,
      ...(sandbox ? { Sandbox: true as const } : {}),
    });
  },
});
