// The intake area's gatekeeper: vendor routes authenticate by bearer token before their body is read
// (a bad token is a 401 whatever the body says); the vendor found is kept with the request's event.
// The vendor's item comes from what the route read ahead when it did (`early`).
import type { Vendor } from '#entities/vendor.ts';
import { authenticateVendorToken } from '#core/leads/vendor-intake.ts';
import type { ReadAhead } from '#platform/db.ts';
import type { ApiEvent, Gatekeeper } from '#platform/http.ts';

const vendors = new WeakMap<ApiEvent, Vendor>();
/** Requests made with the vendor's sandbox token (core/leads/sandbox.ts): answered, never stored. */
const sandboxed = new WeakSet<ApiEvent>();

export const vendorGatekeeper: Gatekeeper = {
  async authenticate(route, event, early) {
    if (route.auth === 'vendorToken') {
      const { vendor, sandbox } = await authenticateVendorToken(event.headers?.authorization, (await (early as Promise<VendorEarly> | undefined))?.reads);
      vendors.set(event, vendor);
      if (sandbox) sandboxed.add(event);
    }
    return undefined;
  },
  async authorize() {},
  async authorizeOwner() {},
};

/** What a vendor route's `early` reads ahead (intake routes), the vendor's item among them. */
export interface VendorEarly {
  reads?: ReadAhead;
}

/** The vendor the gatekeeper authenticated for this request. */
export function vendorOf(event: ApiEvent): Vendor {
  const vendor = vendors.get(event);
  if (!vendor) throw new Error('intake route without a vendor: the gatekeeper did not run');
  return vendor;
}

/** Whether this request came with the vendor's sandbox token. */
export const isSandbox = (event: ApiEvent): boolean => sandboxed.has(event);
