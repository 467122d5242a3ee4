// The vendors' parts of the demo catalogue: a contact and address per vendor, dispute reasons for the
// vendors that allow disputes, the vendor-code uniqueness guards, and API tokens. Everything but the
// tokens is deterministic. Tokens are random on purpose: a token derivable from the repository would
// be a published secret. They are never printed; a developer who needs one rotates it on the vendor's
// edit page (README). The one exception is the demo vendor ACME's token, DEMO_VENDOR_TOKEN: a
// local-only demo secret like the demo password, listed in the README so the intake curl works
// against `npm start`; the seed only runs against a local table. A seed run again over its own half-written data keeps a vendor's stored token,
// so no token item is left behind pointing at a vendor that no longer holds its hash.
import type { Vendor } from '#entities/vendor.ts';
import { DisputeReason } from '#entities/dispute-reason.ts';
import { UniqueValue, uniqueValueOf } from '#entities/unique-value.ts';
import { VendorContact } from '#entities/vendor-contact.ts';
import { VendorToken } from '#entities/vendor-token.ts';
import { hashVendorToken, lastFourOf, newVendorToken } from '../catalogue/vendor-token.ts';
import { stableId } from './ids.ts';

const CONTACTS: Record<string, Omit<VendorContact, 'vendorId' | 'vendorContactId'>> = {
  ACME: { name: 'Dana Whitfield', email: 'dana.whitfield@acmeleads.example.com', phone: '(512) 555-0142', addressLine1: '400 Congress Ave', addressLine2: 'Suite 1200', city: 'Austin', state: 'TX', zip: '78701' },
  BLUE: { name: 'Marcus Lee', email: 'marcus@blueskymarketing.example.com', phone: '(303) 555-0187', addressLine1: '1700 Lincoln St', addressLine2: '', city: 'Denver', state: 'CO', zip: '80203' },
  NWD: { name: 'Priya Raman', email: 'priya.raman@northwinddata.example.com', phone: '(206) 555-0119', addressLine1: '1201 3rd Ave', addressLine2: 'Floor 22', city: 'Seattle', state: 'WA', zip: '98101' },
  SUMMIT: { name: 'Tom Alvarez', email: 'tom@summitcalls.example.com', phone: '(602) 555-0164', addressLine1: '2 N Central Ave', addressLine2: '', city: 'Phoenix', state: 'AZ', zip: '85004' },
  OLDCO: { name: 'Ruth Baker', email: '', phone: '(312) 555-0103', addressLine1: '233 S Wacker Dr', addressLine2: '', city: 'Chicago', state: 'IL', zip: '60606' },
};

const REASONS: [string, string][] = [
  ['BAD_PHONE', 'Phone number is disconnected or wrong'],
  ['DUPLICATE', 'I already received this lead'],
  ['NOT_INTERESTED', 'Consumer says they never asked for a quote'],
  ['OUT_OF_AREA', 'Consumer lives outside my licensed states'],
];

/** ACME's token in the local demo data (README); published, so never valid anywhere but a local seed. */
export const DEMO_VENDOR_TOKEN = 'lpv_LOCAL_DEMO_ONLY_acme_vendor_token_000000000';
const DEMO_TOKEN_VENDOR = 'ACME';
/** ACME's sandbox token in the local demo data (README, docs/intake-api.md "Sandbox"; issue 24): local-only like DEMO_VENDOR_TOKEN. */
export const DEMO_SANDBOX_TOKEN = 'lps_LOCAL_DEMO_ONLY_acme_sandbox_token_00000000';

/** Vendors left without a token, so the edit page shows the "Generate" state too. */
const WITHOUT_TOKEN = new Set(['SUMMIT']);

/**
 * The vendors with their token stamps, and every item of their parts. `stored` are the vendors as the
 * table holds them already (a rerun): their token is kept, not replaced.
 */
export function seedVendorParts(
  vendors: Vendor[],
  createdAt: string,
  stored: ReadonlyMap<string, Pick<Vendor, 'tokenHash' | 'tokenLastFour'>> = new Map(),
): { vendors: Vendor[]; items: Record<string, unknown>[] } {
  const items: Record<string, unknown>[] = [];
  const withTokens = vendors.map((vendor) => {
    const contact = CONTACTS[vendor.code];
    if (contact) items.push(VendorContact.toItem({ vendorId: vendor.vendorId, vendorContactId: stableId('contact', vendor.code), ...contact }));
    if (vendor.allowDisputes)
      REASONS.forEach(([vendorReason, userFacingReason], position) =>
        items.push(DisputeReason.toItem({ vendorId: vendor.vendorId, vendorReason, userFacingReason, position })),
      );
    items.push(UniqueValue.toItem(uniqueValueOf('VENDOR_CODE', vendor.code, vendor.vendorId)));
    if (WITHOUT_TOKEN.has(vendor.code) || vendor.status !== 1) return vendor;
    const sandbox = vendor.code === DEMO_TOKEN_VENDOR ? demoSandbox(vendor, createdAt, items) : {};
    const kept = stored.get(vendor.vendorId);
    if (kept?.tokenHash && kept.tokenLastFour) return { ...vendor, ...sandbox, tokenHash: kept.tokenHash, tokenLastFour: kept.tokenLastFour };
    const token = vendor.code === DEMO_TOKEN_VENDOR ? DEMO_VENDOR_TOKEN : newVendorToken();
    const tokenHash = hashVendorToken(token);
    items.push(VendorToken.toItem({ tokenHash, vendorId: vendor.vendorId, createdAt, createdBy: vendor.createdBy }));
    return { ...vendor, ...sandbox, tokenHash, tokenLastFour: lastFourOf(token) };
  });
  return { vendors: withTokens, items };
}

/** The demo vendor's sandbox token: its token item, and the vendor's stamps of it. */
function demoSandbox(vendor: Vendor, createdAt: string, items: Record<string, unknown>[]): Pick<Vendor, 'sandboxTokenHash' | 'sandboxTokenLastFour'> {
  const sandboxTokenHash = hashVendorToken(DEMO_SANDBOX_TOKEN);
  items.push(VendorToken.toItem({ tokenHash: sandboxTokenHash, vendorId: vendor.vendorId, createdAt, createdBy: vendor.createdBy }));
  return { sandboxTokenHash, sandboxTokenLastFour: lastFourOf(DEMO_SANDBOX_TOKEN) };
}
