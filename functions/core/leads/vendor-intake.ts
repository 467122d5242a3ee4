// What the vendor API checks before a lead enters the engine: the bearer token (401 when unknown or
// rotated, 403 when the vendor is inactive or archived), the vendor's posting rate (429 against the
// vendor's own limit, with Retry-After; the minute's count the projector keeps from the vendor's stored
// leads and pings, summed from one BatchGet, beside this process's own count of the posts it let in),
// and that the vendor is on the campaign it names (403). What it read goes on to the engine.
import { INTAKE_RATE_SHARDS, IntakeRate, rateMinute } from '#entities/intake-rate.ts';
import { getMany } from '#platform/entity.ts';
import { Vendor } from '#entities/vendor.ts';
import { VendorToken } from '#entities/vendor-token.ts';
import { AppError, Forbidden, TooManyRequests, ValidationFailed } from '#platform/errors.ts';
import { VENDOR_TOKEN_PATTERN } from '#shared/vendors.ts';
import { hashVendorToken } from '../catalogue/vendor-token.ts';
import { postsPerMinuteOf } from '../catalogue/vendors.ts';
import { heldCatalogue } from './held-catalogue.ts';
import type { AdmittedPost } from './lead-input.ts';
import { campaignByCode, campaignContext } from './validate.ts';

export const INTAKE_MESSAGES = {
  badToken: 'The vendor token is missing, unknown or rotated.',
  inactive: 'The vendor is inactive.',
  notOnCampaign: 'The vendor is not on this campaign.',
  unknownCampaign: 'CampaignCode is not a campaign.',
  tooMany: (limit: number) => `More than ${limit} leads a minute; please slow down.`,
} as const;

export class BadVendorToken extends AppError {
  readonly status = 401;
  constructor() {
    super(INTAKE_MESSAGES.badToken);
  }
}

/** The vendor of an `Authorization: Bearer {token}` header. */
export async function authenticateVendor(authorization: string | undefined): Promise<Vendor> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  if (!token || !VENDOR_TOKEN_PATTERN.test(token)) throw new BadVendorToken();
  const record = await VendorToken.get({ tokenHash: hashVendorToken(token) });
  if (!record) throw new BadVendorToken();
  const vendor = await Vendor.get({ vendorId: record.vendorId });
  if (!vendor || vendor.tokenHash !== record.tokenHash) throw new BadVendorToken();
  if (vendor.status !== 1 || vendor.archived) throw new Forbidden(INTAKE_MESSAGES.inactive);
  return vendor;
}

/** Posts this process let in, by vendor and minute: bounds a burst the projector's count has not caught up with yet, and posts that store nothing (a 400). */
const admitted = new Map<string, number>();

/**
 * Refuses the post (429, retry when the next minute starts) once the vendor's current minute holds
 * the vendor's limit of posts: the projector's count of their stored leads and pings
 * (views/intake-rate-view.ts; it lags them by the projector's lag), or this process's own count,
 * whichever is higher. Writes nothing: the post's own facts are what is counted (docs/api.md "Rate
 * limit" for the overshoot this allows).
 */
export async function checkVendorRate(vendor: Pick<Vendor, 'vendorId' | 'postsPerMinute'>, now: Date): Promise<void> {
  const { vendorId } = vendor;
  const limit = postsPerMinuteOf(vendor);
  const minute = rateMinute(now);
  const mine = `${vendorId}#${minute}`;
  const tooMany = () => new TooManyRequests(INTAKE_MESSAGES.tooMany(limit), 60 - now.getUTCSeconds());
  if ((admitted.get(mine) ?? 0) >= limit) throw tooMany();
  const shards = await getMany(Object.fromEntries(Array.from({ length: INTAKE_RATE_SHARDS }, (_, shard) => [shard, IntakeRate.ref({ vendorId, shard, minute })])));
  const counted = Object.values(shards).reduce((sum, r) => sum + (r?.count ?? 0), 0);
  if (counted >= limit) throw tooMany();
  for (const key of admitted.keys()) if (!key.endsWith(`#${minute}`)) admitted.delete(key);
  admitted.set(mine, (admitted.get(mine) ?? 0) + 1);
}

/**
 * Lets a vendor's post in: under the vendor's rate (429), to a campaign that exists (400) and that the
 * vendor is on (403), refused in that order. The rate's count and the catalogue (held while its version
 * stays: held-catalogue.ts) are read side by side.
 */
export async function admitVendorPost(vendor: Vendor, code: string, now: Date): Promise<AdmittedPost> {
  const catalogueRead = async () => {
    const catalogue = await heldCatalogue();
    const campaign = await campaignByCode(catalogue, code);
    return { catalogue, context: campaign && (await campaignContext(catalogue, campaign.campaignId, vendor.vendorId)) };
  };
  const [rate, read] = await Promise.allSettled([checkVendorRate(vendor, now), catalogueRead()]);
  if (rate.status === 'rejected') throw rate.reason;
  if (read.status === 'rejected') throw read.reason;
  const { catalogue, context } = read.value;
  if (!context) throw new ValidationFailed(INTAKE_MESSAGES.unknownCampaign);
  if (context.pairs.length === 0) throw new Forbidden(INTAKE_MESSAGES.notOnCampaign);
  return { catalogue, context };
}
