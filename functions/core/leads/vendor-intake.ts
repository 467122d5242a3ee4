// What the vendor API checks before a lead enters the engine: the bearer token (401 when unknown or
// rotated, 403 when the vendor is inactive or archived), the vendor's posting rate (429; a per-minute
// counter item ADDed under the limit), and that the vendor is on the campaign it names (403).
import { Campaign } from '#entities/campaign.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { IntakeRate } from '#entities/lead-contact-index.ts';
import { Vendor } from '#entities/vendor.ts';
import { VendorToken } from '#entities/vendor-token.ts';
import { AppError, Forbidden, ValidationFailed } from '#platform/errors.ts';
import { VENDOR_TOKEN_PATTERN } from '#shared/vendors.ts';
import { hashVendorToken } from '../catalogue/vendor-token.ts';

export const INTAKE_MESSAGES = {
  badToken: 'The vendor token is missing, unknown or rotated.',
  inactive: 'The vendor is inactive.',
  notOnCampaign: 'The vendor is not on this campaign.',
  unknownCampaign: 'CampaignCode is not a campaign.',
  tooMany: (limit: number) => `More than ${limit} leads a minute; please slow down.`,
} as const;

/** Posts a vendor may make per minute (INTAKE_RATE_PER_MINUTE overrides it). */
export const VENDOR_POSTS_PER_MINUTE = Number(process.env.INTAKE_RATE_PER_MINUTE ?? 600);

export class BadVendorToken extends AppError {
  readonly status = 401;
  constructor() {
    super(INTAKE_MESSAGES.badToken);
  }
}

export class TooManyRequests extends AppError {
  readonly status = 429;
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

/** Counts the post in the vendor's current minute; over the limit is a 429 (nothing else is read). */
export async function checkVendorRate(vendorId: string, now: Date, limit = VENDOR_POSTS_PER_MINUTE): Promise<void> {
  const minute = now.toISOString().slice(0, 16);
  await IntakeRate.patch(
    { vendorId, minute },
    { add: { count: 1 }, set: { ttl: Math.floor(now.getTime() / 1000) + 3600 } },
    {
      upsert: true,
      condition: { expression: 'attribute_not_exists(#count) OR #count < :limit', names: { '#count': 'count' }, values: { ':limit': limit } },
      orFail: () => new TooManyRequests(INTAKE_MESSAGES.tooMany(limit)),
    },
  );
}

/** The campaign a vendor posts to by code: unknown is a 400, a campaign the vendor is not on a 403. */
export async function campaignForVendor(vendorId: string, code: string): Promise<Campaign> {
  const campaign = await Campaign.query.byCode(code).first();
  if (!campaign) throw new ValidationFailed(INTAKE_MESSAGES.unknownCampaign);
  const pair = await CampaignVendor.get({ campaignId: campaign.campaignId, vendorId });
  if (!pair) throw new Forbidden(INTAKE_MESSAGES.notOnCampaign);
  return campaign;
}
