// What the vendor API checks before a lead enters the engine: the bearer token (401 when unknown or
// rotated, 403 when the vendor is inactive or archived), the vendor's posting rate (429 against the
// vendor's own limit, with Retry-After; the minute's count the projector keeps from the vendor's stored
// leads and pings, summed from one BatchGet, beside this process's own count of the posts it let in),
// and that the vendor is on the campaign it names (403). What it read goes on to the engine.
import { INTAKE_RATE_SHARDS, IntakeRate, rateMinute } from '#entities/intake-rate.ts';
import { CatalogueVersion } from '#entities/catalogue-version.ts';
import { Lead } from '#entities/lead.ts';
import { ReadAhead } from '#platform/db.ts';
import { getMany } from '#platform/entity.ts';
import type { ItemKey } from '#platform/item-key.ts';
import { Vendor } from '#entities/vendor.ts';
import { VendorToken } from '#entities/vendor-token.ts';
import { AppError, Forbidden, TooManyRequests, ValidationFailed } from '#platform/errors.ts';
import { VENDOR_TOKEN_PATTERN } from '#shared/vendors.ts';
import { SANDBOX_TOKEN_PATTERN } from '#shared/sandbox.ts';
import { hashVendorToken } from '../catalogue/vendor-token.ts';
import { postsPerMinuteOf } from '../catalogue/vendors.ts';
import { dncKeysAhead } from '#core/compliance/do-not-call-check.ts';
import { heldCatalogue } from './held-catalogue.ts';
import { contactsAhead } from './dedupe.ts';
import { leadIdOf } from './engine.ts';
import type { AdmittedPost, LeadAhead } from './lead-input.ts';
import { candidateVersionKeys } from './snapshot.ts';
import { campaignByCode, campaignContext } from './validate.ts';
import { kept } from '#platform/held.ts';

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

/** The hash of the token in an `Authorization: Bearer {token}` header (none: no token of the right form). */
function tokenHashOf(authorization: string | undefined): string | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
  return token && (VENDOR_TOKEN_PATTERN.test(token) || SANDBOX_TOKEN_PATTERN.test(token)) ? hashVendorToken(token) : undefined;
}

/**
 * The vendor each token hash this process has seen belongs to: a hash names one vendor for good (a
 * rotation gives the vendor a new hash, and the vendor's own item says which hash is current, read with
 * every request), so the mapping is never stale. Bounded: the oldest goes first.
 */
const vendorOfHash = kept(new Map<string, string>());
const VENDOR_OF_HASH_MAX = 1_000;

/** The vendor a token hash belongs to (none: no such token), read once per process. */
async function vendorIdOfHash(tokenHash: string): Promise<string | undefined> {
  const known = vendorOfHash.get(tokenHash);
  if (known) return known;
  const record = await VendorToken.get({ tokenHash });
  if (!record) return undefined;
  if (vendorOfHash.size >= VENDOR_OF_HASH_MAX) vendorOfHash.delete(vendorOfHash.keys().next().value!);
  vendorOfHash.set(tokenHash, record.vendorId);
  return record.vendorId;
}

/**
 * The vendor of a real or a sandbox token (issue 24, core/leads/sandbox.ts), and which it is: the
 * vendor's item names its current hash of each kind, so a rotated token of either kind is a 401 and
 * neither kind passes for the other.
 */
export async function authenticateVendorToken(authorization: string | undefined, ahead?: ReadAhead): Promise<{ vendor: Vendor; sandbox: boolean }> {
  const tokenHash = tokenHashOf(authorization);
  const vendorId = tokenHash && (await vendorIdOfHash(tokenHash));
  if (!vendorId) throw new BadVendorToken();
  const vendor = await Vendor.get({ vendorId }, { ahead });
  const sandbox = vendor?.sandboxTokenHash !== undefined && vendor.sandboxTokenHash === tokenHash;
  if (!vendor || (vendor.tokenHash !== tokenHash && !sandbox)) throw new BadVendorToken();
  if (vendor.status !== 1 || vendor.archived) throw new Forbidden(INTAKE_MESSAGES.inactive);
  return { vendor, sandbox };
}

/** The keys of a vendor's posting rate in the minute of `at`. */
const rateKeys = (vendorId: string, at: Date) => Array.from({ length: INTAKE_RATE_SHARDS }, (_, shard) => IntakeRate.ref({ vendorId, shard, minute: rateMinute(at) }));

/** The vendor a request's token belongs to (none: no token of the right form, or none known); never throws. */
export async function tokenVendorId(authorization: string | undefined): Promise<string | undefined> {
  const tokenHash = tokenHashOf(authorization);
  return tokenHash ? vendorIdOfHash(tokenHash).catch(() => undefined) : undefined;
}

/** What every vendor request reads ahead with its own keys: the vendor and its posting rate in the minute of `at`. */
export const vendorKeys = (vendorId: string, at: Date): ItemKey[] => [Vendor.key({ vendorId }), ...rateKeys(vendorId, at).map((r) => r.key)];

/** Posts this process let in, by vendor and minute: bounds a burst the projector's count has not caught up with yet, and posts that store nothing (a 400). */
const admitted = kept(new Map<string, number>());

/**
 * Refuses the post (429, retry when the next minute starts) once the vendor's current minute holds
 * the vendor's limit of posts: the projector's count of their stored leads and pings
 * (views/intake-rate-view.ts; it lags them by the projector's lag), or this process's own count,
 * whichever is higher. Writes nothing: the post's own facts are what is counted (docs/api.md "Rate
 * limit" for the overshoot this allows). `sandbox`: a post with the vendor's sandbox token has a limit
 * of the same size of its own, counted by this process only (a sandbox post stores no counted fact),
 * so testing against the sandbox never takes from the real posts' minute, nor they from it.
 */
export async function checkVendorRate(vendor: Pick<Vendor, 'vendorId' | 'postsPerMinute'>, now: Date, ahead?: ReadAhead, sandbox = false): Promise<void> {
  const { vendorId } = vendor;
  const limit = postsPerMinuteOf(vendor);
  const minute = rateMinute(now);
  const mine = `${vendorId}${sandbox ? '#sandbox' : ''}#${minute}`;
  const tooMany = () => new TooManyRequests(INTAKE_MESSAGES.tooMany(limit), 60 - now.getUTCSeconds());
  if ((admitted.get(mine) ?? 0) >= limit) throw tooMany();
  if (!sandbox) {
    const shards = await getMany(Object.fromEntries(rateKeys(vendorId, now).map((ref, shard) => [shard, ref])), { ahead });
    const counted = Object.values(shards).reduce((sum, r) => sum + (r?.count ?? 0), 0);
    if (counted >= limit) throw tooMany();
  }
  for (const key of admitted.keys()) if (!key.endsWith(`#${minute}`)) admitted.delete(key);
  admitted.set(mine, (admitted.get(mine) ?? 0) + 1);
}

/**
 * Lets a vendor's post in: under the vendor's rate (429), to a campaign that exists (400) and that the
 * vendor is on (403), refused in that order. The rate's count and the catalogue (held while its version
 * stays: held-catalogue.ts) are read side by side. `sandbox`: the post came with the sandbox token (its own rate).
 */
export async function admitVendorPost(vendor: Vendor, code: string, now: Date, ahead?: ReadAhead, sandbox = false): Promise<AdmittedPost> {
  const catalogueRead = async () => {
    const catalogue = await heldCatalogue(ahead);
    const campaign = await campaignByCode(catalogue, code);
    return { catalogue, context: campaign && (await campaignContext(catalogue, campaign.campaignId, vendor.vendorId)) };
  };
  const [rate, read] = await Promise.allSettled([checkVendorRate(vendor, now, ahead, sandbox), catalogueRead()]);
  if (rate.status === 'rejected') throw rate.reason;
  if (read.status === 'rejected') throw read.reason;
  const { catalogue, context } = read.value;
  if (!context) throw new ValidationFailed(INTAKE_MESSAGES.unknownCampaign);
  if (context.pairs.length === 0) throw new Forbidden(INTAKE_MESSAGES.notOnCampaign);
  return { catalogue, context };
}

/** What a vendor's ping reads ahead, in one BatchGet: the vendor, its posting rate, the catalogue's version and the shard versions of the caller's state's candidates. */
export async function pingAhead(authorization: string | undefined, body: unknown, at: Date): Promise<{ reads?: ReadAhead }> {
  const vendorId = await tokenVendorId(authorization);
  if (!vendorId) return {};
  const state = sentText(body, 'StateCode')?.trim().toUpperCase();
  const keys = [...vendorKeys(vendorId, at), CatalogueVersion.key({}), ...(state && /^[A-Z]{2}$/.test(state) ? candidateVersionKeys(state) : [])];
  const reads = await ReadAhead.of(keys).catch(() => undefined);
  return reads ? { reads } : {};
}

/** BatchGetItem's limit: what a post reads ahead must fit one call. */
const MAX_AHEAD_KEYS = 100;

/** A text field of a body as sent (before it is checked). */
function sentText(body: unknown, name: string): string | undefined {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * What a vendor's post reads ahead, from its header and its body as sent (before it is checked): in one
 * consistent BatchGet the vendor, its posting rate, the catalogue's version, the lead of the post's id
 * (a replay) and the shard versions of its state's candidates, and beside it the earlier leads of its
 * phone and e-mail. Each step then takes what it needs from here, so a post costs one round of reads before
 * its sale. A value the checked body changes (a trimmed id) is read again by its step.
 */
export async function postAhead(authorization: string | undefined, body: unknown, at: Date): Promise<LeadAhead> {
  const vendorId = await tokenVendorId(authorization);
  if (!vendorId) return {};
  const sent = (name: string) => sentText(body, name);
  const [sourceId, state, phone, email] = [sent('VendorLeadId'), sent('StateCode')?.trim().toUpperCase(), sent('PrimaryPhone')?.replace(/\D/g, ''), sent('Email')];
  const contacts = phone ? contactsAhead(phone, email, at) : undefined;
  const keys = [
    ...vendorKeys(vendorId, at),
    CatalogueVersion.key({}),
    ...(sourceId ? [Lead.key({ leadId: leadIdOf(vendorId, sourceId) })] : []),
    ...(state && /^[A-Z]{2}$/.test(state) ? candidateVersionKeys(state) : []),
  ];
  // The do-not-call check's keys (issue 24) ride along while the batch has room.
  const dnc = phone ? await dncKeysAhead(phone) : [];
  if (keys.length + dnc.length <= MAX_AHEAD_KEYS) keys.push(...dnc);
  const reads = await ReadAhead.of(keys).catch(() => undefined);
  return { ...(reads ? { reads } : {}), ...(contacts ? { contacts } : {}) };
}
