// The vendor catalogue (part 3 §2, §4, §7): the paged table, the vendor with its parts, create and update
// (vendor, contact, dispute reasons and the code's uniqueness guard in one transaction), activation,
// token rotation and administrator invitations. Every change stamps revision, modifiedBy, lastUpdated.
import { randomUUID } from 'node:crypto';
import type { VendorTableQuery } from '#shared/api/vendors.ts';
import { POSTS_PER_MINUTE, VENDOR_ADMIN_ROLE, VENDOR_MESSAGES, type VendorForm } from '#shared/vendors.ts';
import { getMany, defineCollection } from '#platform/entity.ts';
import { transactWrite, type TxItem } from '#platform/db.ts';
import { NotFound, ValidationFailed } from '#platform/errors.ts';
import { lower } from '#platform/item-key.ts';
import type { Mailer } from '#platform/mailer.ts';
import { atRevision, firstRevision, nextRevision } from '#platform/revision.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { Campaign } from '#entities/campaign.ts';
import { CampaignVendor } from '#entities/campaign-vendor.ts';
import { DisputeReason } from '#entities/dispute-reason.ts';
import { claimUniqueTx, changeUniqueTx } from '#entities/unique-value.ts';
import { Vendor } from '#entities/vendor.ts';
import { VendorAdmin } from '#entities/vendor-admin.ts';
import { VendorContact } from '#entities/vendor-contact.ts';
import { VendorToken } from '#entities/vendor-token.ts';
import { hashVendorToken, lastFourOf, newVendorToken } from './vendor-token.ts';
import { newSandboxToken } from './sandbox-token.ts';
import { config } from '#platform/config.ts';
import { idpAccountsFromEnv, type IdpAccounts } from '#core/identity/idp-accounts.ts';
import { adminMembership, invitationMessage, welcomeOrUndo } from '#core/partner/users.ts';

type Editor = Pick<SessionUser, 'email'>;

const duplicateCode = () => new ValidationFailed(VENDOR_MESSAGES.duplicateCode);
const notFound = () => new NotFound(VENDOR_MESSAGES.notFound);

/** The vendor edit page's read (#57): the vendor, its contact, administrators and dispute reasons. */
const vendorPartition = defineCollection({
  name: 'vendorPartition',
  members: { vendor: Vendor, contacts: VendorContact, admins: VendorAdmin, reasons: DisputeReason },
  partition: (vendorId: string) => ({ pk: `VENDOR#${vendorId}` }),
});

export interface VendorWithParts {
  vendor: Vendor;
  contact: VendorContact | undefined;
  admins: VendorAdmin[];
  reasons: DisputeReason[];
}

export async function readVendor(vendorId: string): Promise<VendorWithParts> {
  const parts = await vendorPartition.read(vendorId);
  const vendor = parts.vendor[0];
  if (!vendor) throw notFound();
  return {
    vendor,
    contact: parts.contacts[0],
    admins: parts.admins,
    reasons: [...parts.reasons].sort((a, b) => a.position - b.position),
  };
}

/** The lead API's limit of a vendor's posts a minute: its own, else the default. */
export const postsPerMinuteOf = (vendor: Pick<Vendor, 'postsPerMinute'>): number => vendor.postsPerMinute ?? POSTS_PER_MINUTE.default;

/** Every vendor by name (#56): hundreds at most, one index partition. */
export function allVendors(): Promise<Vendor[]> {
  return Vendor.query.byName().all();
}

const SORT_KEYS: Record<VendorTableQuery['sortColumnName'], (v: Vendor) => string | number> = {
  Name: (v) => lower(v.name),
  Code: (v) => lower(v.code),
  CreatedBy: (v) => lower(v.createdBy),
  Created: (v) => v.createdAt,
  Status: (v) => v.status,
};
const FILTER_FIELDS: Record<VendorTableQuery['filters'][number]['id'], (v: Vendor) => string> = {
  Name: (v) => v.name,
  Code: (v) => v.code,
  CreatedBy: (v) => v.createdBy,
};

/** GET VendorTable: filters (case-insensitive "contains"), sort and page over the bounded vendor list. */
export function vendorTablePage(vendors: Vendor[], query: VendorTableQuery): { rows: Vendor[]; pages: number; total: number } {
  const matching = vendors.filter((v) => query.filters.every((f) => lower(FILTER_FIELDS[f.id](v)).includes(lower(f.value))));
  const key = SORT_KEYS[query.sortColumnName];
  const direction = query.sortOrder === 'desc' ? -1 : 1;
  // Ties fall back to the name and id, so a page boundary never shows a row twice or drops one.
  const sorted = [...matching].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return (ka < kb ? -1 : 1) * direction;
    return lower(a.name) < lower(b.name) ? -1 : lower(a.name) > lower(b.name) ? 1 : a.vendorId < b.vendorId ? -1 : 1;
  });
  const start = (query.page - 1) * query.pageSize;
  return { rows: sorted.slice(start, start + query.pageSize), pages: Math.ceil(sorted.length / query.pageSize), total: sorted.length };
}

function contactOf(vendorId: string, vendorContactId: string, form: VendorForm): VendorContact {
  const c = form.VendorContact;
  return {
    vendorId,
    vendorContactId,
    name: c.Name,
    email: c.Email,
    phone: c.Phone,
    addressLine1: c.AddressLine1,
    addressLine2: c.AddressLine2,
    city: c.City,
    state: c.State,
    zip: c.Zip,
  };
}

const reasonsOf = (vendorId: string, form: VendorForm): DisputeReason[] =>
  form.DisputeReasons.map((r, position) => ({ vendorId, vendorReason: r.VendorReason, userFacingReason: r.UserFacingReason, position }));

/** POST vendor: the vendor, its contact, its reasons and the code's guard, all or nothing. */
export async function createVendor(user: Editor, form: VendorForm, now = new Date()): Promise<string> {
  const vendorId = randomUUID();
  const stamp = firstRevision(user, now);
  const vendor: Vendor = {
    vendorId,
    name: form.Name,
    code: form.Code,
    description: form.Description,
    status: form.Status,
    createdAt: stamp.lastUpdated,
    createdBy: user.email,
    lastUpdated: stamp.lastUpdated,
    modifiedBy: stamp.modifiedBy,
    revision: stamp.revision,
    archived: form.Archived,
    allowCreditLineUse: form.AllowCreditLineUse,
    allowDisputes: form.AllowDisputes,
    allowVariablePricing: form.AllowVariablePricing,
    isPartner: form.IsPartner,
    postsPerMinute: form.PostsPerMinute,
  };
  await transactWrite([
    Vendor.createTx(vendor),
    claimUniqueTx('VENDOR_CODE', form.Code, vendorId, duplicateCode),
    VendorContact.createTx(contactOf(vendorId, randomUUID(), form)),
    ...reasonsOf(vendorId, form).map((r) => DisputeReason.putTx(r)),
  ]);
  return vendorId;
}

/**
 * PATCH vendor: written only at the revision the editor read (409 otherwise). One transaction
 * changes the vendor, rewrites its contact and reasons (removed ones deleted) and moves the code's
 * guard when the code changed, so a failure leaves the vendor exactly as it was.
 */
export async function updateVendor(user: Editor, vendorId: string, revision: number, form: VendorForm, now = new Date()): Promise<void> {
  const current = await readVendor(vendorId);
  const stamp = nextRevision(user, revision, now);
  const kept = new Set(form.DisputeReasons.map((r) => lower(r.VendorReason)));
  const items: TxItem[] = [
    Vendor.patchTx(
      { vendorId },
      {
        set: {
          name: form.Name,
          code: form.Code,
          description: form.Description,
          status: form.Status,
          archived: form.Archived,
          allowCreditLineUse: form.AllowCreditLineUse,
          allowDisputes: form.AllowDisputes,
          allowVariablePricing: form.AllowVariablePricing,
          isPartner: form.IsPartner,
          postsPerMinute: form.PostsPerMinute,
          ...stamp,
        },
      },
      { ...atRevision(revision), current: current.vendor },
    ),
    ...changeUniqueTx('VENDOR_CODE', current.vendor.code, form.Code, vendorId, duplicateCode),
    VendorContact.putTx(contactOf(vendorId, current.contact?.vendorContactId ?? randomUUID(), form)),
    ...current.reasons.filter((r) => !kept.has(lower(r.vendorReason))).map((r) => DisputeReason.deleteTx(r)),
    ...reasonsOf(vendorId, form).map((r) => DisputeReason.putTx(r)),
  ];
  await transactWrite(items);
}

export interface RevisionStamp {
  revision: number;
  modifiedBy: string;
  lastUpdated: string;
}

/** POST vendor/{id}/Activate|Inactive: the status, stamped, at the revision just read. */
export async function setVendorStatus(user: Editor, vendorId: string, status: 0 | 1, now = new Date()): Promise<RevisionStamp> {
  const vendor = await Vendor.get({ vendorId }, { consistent: true });
  if (!vendor) throw notFound();
  const stamp = nextRevision(user, vendor.revision, now);
  await Vendor.patch({ vendorId }, { set: { status, ...stamp } }, atRevision(vendor.revision));
  return stamp;
}

/**
 * POST vendor/{id}/token: a new token replaces the old one in one transaction (the old hash is
 * deleted, the new one created, the vendor keeps the new hash and last four). The caller shows the
 * token once; nothing else ever sees it.
 */
export async function rotateVendorToken(user: Editor, vendorId: string, now = new Date()): Promise<RevisionStamp & { token: string; lastFour: string }> {
  const vendor = await Vendor.get({ vendorId }, { consistent: true });
  if (!vendor) throw notFound();
  const token = newVendorToken();
  const tokenHash = hashVendorToken(token);
  const stamp = nextRevision(user, vendor.revision, now);
  await transactWrite([
    Vendor.patchTx({ vendorId }, { set: { tokenHash, tokenLastFour: lastFourOf(token), ...stamp } }, atRevision(vendor.revision)),
    ...(vendor.tokenHash ? [VendorToken.deleteTx({ tokenHash: vendor.tokenHash })] : []),
    VendorToken.createTx({ tokenHash, vendorId, createdAt: stamp.lastUpdated, createdBy: user.email }),
  ]);
  return { ...stamp, token, lastFour: lastFourOf(token) };
}

/**
 * A new sandbox token for the vendor (issue 24; staff's vendor form and the partner portal's
 * Integration screen): replaces the old one in one transaction, as `rotateVendorToken` does, and
 * leaves the real token alone. Leads posted with it are answered, never stored (core/leads/sandbox.ts).
 */
export async function rotateSandboxToken(user: Editor, vendorId: string, now = new Date()): Promise<RevisionStamp & { token: string; lastFour: string }> {
  const vendor = await Vendor.get({ vendorId }, { consistent: true });
  if (!vendor) throw notFound();
  const token = newSandboxToken();
  const tokenHash = hashVendorToken(token);
  const stamp = nextRevision(user, vendor.revision, now);
  await transactWrite([
    Vendor.patchTx({ vendorId }, { set: { sandboxTokenHash: tokenHash, sandboxTokenLastFour: lastFourOf(token), ...stamp } }, atRevision(vendor.revision)),
    ...(vendor.sandboxTokenHash ? [VendorToken.deleteTx({ tokenHash: vendor.sandboxTokenHash })] : []),
    VendorToken.createTx({ tokenHash, vendorId, createdAt: stamp.lastUpdated, createdBy: user.email }),
  ]);
  return { ...stamp, token, lastFour: lastFourOf(token) };
}

/**
 * POST vendor/{id}/admin/{email}/3: records the administrator (and the vendor's AdminEmail) and makes
 * the address an admin user of the vendor's partner portal (a new vendor user, or this vendor's user
 * promoted; a staff, agent or other vendor's user is a 409) in one transaction, then creates the
 * person's sign-in at the identity provider and sends the invitation with the link that starts it
 * (issue 24). A failure of either undoes the records, so the 500 the screen reports as 'Unable to
 * create Admin' leaves nothing behind and a retry starts clean.
 */
export async function assignVendorAdmin(
  user: Editor,
  vendorId: string,
  email: string,
  mailer: Mailer,
  now = new Date(),
  deps: { idp?: IdpAccounts; appOrigin?: string } = {},
): Promise<RevisionStamp> {
  const vendor = await Vendor.get({ vendorId }, { consistent: true });
  if (!vendor) throw notFound();
  const address = email.trim();
  const stamp = nextRevision(user, vendor.revision, now);
  const previous = await VendorAdmin.get({ vendorId, email: address }, { consistent: true });
  const membership = await adminMembership(user, vendorId, address, now);
  await transactWrite([
    Vendor.patchTx({ vendorId }, { set: { adminEmail: address, ...stamp } }, atRevision(vendor.revision)),
    VendorAdmin.putTx({ vendorId, email: address, role: VENDOR_ADMIN_ROLE, invitedAt: stamp.lastUpdated, invitedBy: user.email }),
    ...membership.items,
  ]);
  const undo = nextRevision(user, stamp.revision, new Date());
  await welcomeOrUndo(
    membership,
    { mailer, idp: deps.idp ?? idpAccountsFromEnv() },
    invitationMessage({ to: address, inviter: user.email, vendorName: vendor.name, vendorCode: vendor.code, role: 'admin', primary: true, appOrigin: deps.appOrigin ?? config().APP_ORIGIN }),
    [
      Vendor.patchTx(
        { vendorId },
        vendor.adminEmail ? { set: { adminEmail: vendor.adminEmail, ...undo } } : { set: undo, remove: ['adminEmail'] },
        atRevision(stamp.revision),
      ),
      previous ? VendorAdmin.putTx(previous) : VendorAdmin.deleteTx({ vendorId, email: address }),
    ],
  );
  return stamp;
}

export interface AssignedCampaign {
  link: CampaignVendor;
  campaign: Campaign;
}

/** GET vendor/{id}/campaignVendor (#55): the vendor's campaign pairs with their campaigns. */
export async function assignedCampaigns(vendorId: string): Promise<AssignedCampaign[]> {
  const vendor = await Vendor.get({ vendorId });
  if (!vendor) throw notFound();
  const links = await CampaignVendor.query.ofVendor(vendorId).all();
  if (links.length === 0) return [];
  const refs = Object.fromEntries(links.map((l) => [l.campaignId, Campaign.ref({ campaignId: l.campaignId })]));
  const campaigns = await getMany(refs);
  return links
    .flatMap((link) => {
      const campaign = campaigns[link.campaignId];
      return campaign ? [{ link, campaign }] : [];
    })
    .sort((a, b) => lower(a.campaign.name).localeCompare(lower(b.campaign.name)));
}

/**
 * GET vendor/{id}/reasons/{leadId} (#59). Until leads exist (the lead engine's issue) the lead id is
 * checked for format only and the vendor's reasons are answered; docs/api.md Decisions.
 */
export async function disputeReasonsOf(vendorId: string): Promise<DisputeReason[]> {
  const [vendor, reasons] = await Promise.all([Vendor.get({ vendorId }), DisputeReason.query.ofVendor(vendorId).all()]);
  if (!vendor) throw notFound();
  return reasons.sort((a, b) => a.position - b.position);
}
