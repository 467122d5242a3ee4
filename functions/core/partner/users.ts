// A vendor's partner-portal users (issue 24): listing them, inviting one (the user record, its e-mail's
// uniqueness guard and, from the vendor form, the administrator record, in one transaction; then the
// identity provider's account and the invitation e-mail, undone when either fails), changing a role and
// removing a user. A vendor always keeps at least one administrator. An address that already belongs to
// a staff or agent user, or to another vendor's user, cannot become this vendor's user (409).
import { randomUUID } from 'node:crypto';
import { PARTNER_MESSAGES, PARTNER_WELCOME_PATH } from '#shared/api/partner.ts';
import type { VendorRole } from '#shared/permissions.ts';
import { transactWrite, type TxItem } from '#platform/db.ts';
import { Conflict, NotFound } from '#platform/errors.ts';
import { lower } from '#platform/item-key.ts';
import { logger } from '#platform/logger.ts';
import type { Mailer } from '#platform/mailer.ts';
import type { SessionUser } from '#platform/session-user.ts';
import { claimUniqueTx, releaseUniqueTx, UniqueValue } from '#entities/unique-value.ts';
import { User } from '#entities/user.ts';
import { Vendor } from '#entities/vendor.ts';
import { VendorAdmin } from '#entities/vendor-admin.ts';
import { findUserByEmail } from '#core/identity/users.ts';
import { recheckSessionsOf } from '#core/identity/sessions.ts';
import type { IdpAccounts } from '#core/identity/idp-accounts.ts';

type Actor = Pick<SessionUser, 'email'>;

const vendorNotFound = () => new NotFound(PARTNER_MESSAGES.vendorNotFound);
const userNotFound = () => new NotFound(PARTNER_MESSAGES.userNotFound);
const addressTaken = () => new Conflict(PARTNER_MESSAGES.alreadyUser);

/** The vendor's users, by e-mail (one index partition: a vendor has a handful). */
export async function listVendorUsers(vendorId: string): Promise<User[]> {
  const users = await User.query.ofVendor(vendorId).all();
  return users.sort((a, b) => lower(a.email).localeCompare(lower(b.email)));
}

/** A user of this vendor, or 404 (another vendor's user id is as unknown here as a made-up one). */
async function vendorUser(vendorId: string, userId: string): Promise<User> {
  const user = await User.get({ userId }, { consistent: true });
  if (!user || user.kind !== 'vendor' || user.vendorId !== vendorId) throw userNotFound();
  return user;
}

/** Why this address cannot be this vendor's user, if it cannot: a staff or agent user, or another vendor's. */
function refusal(existing: User, vendorId: string): Conflict | undefined {
  if (existing.kind !== 'vendor') return new Conflict(PARTNER_MESSAGES.staffOrAgent);
  if (existing.vendorId !== vendorId) return new Conflict(PARTNER_MESSAGES.otherVendor);
  return undefined;
}

export interface Invitation {
  vendorId: string;
  email: string;
  name: string;
  role: VendorRole;
}

/** What an invitation writes: a new user (with its address's guard), or the existing user of this vendor made admin. */
interface Membership {
  user: User;
  items: TxItem[];
  /** The items that take the membership back when the provider or the e-mail fails. */
  undo: TxItem[];
}

function newMembership(inviter: Actor, invitation: Invitation, now: Date): Membership {
  const user: User = {
    userId: randomUUID(),
    email: invitation.email,
    name: invitation.name || invitation.email,
    kind: 'vendor',
    vendorId: invitation.vendorId,
    vendorRole: invitation.role,
    invitedBy: inviter.email,
    isAdmin: false,
    isManager: false,
    isLeadConnectHome: false,
    isSalesAssistant: false,
    isSponsorAgent: false,
    isFundPreview: false,
    createdAt: now.toISOString(),
  };
  return {
    user,
    items: [User.createTx(user), claimUniqueTx('USER_EMAIL', user.email, user.userId, addressTaken)],
    undo: [User.deleteTx({ userId: user.userId }), releaseUniqueTx('USER_EMAIL', user.email, user.userId)],
  };
}

/**
 * The user record of a vendor's Primary Partner Portal Administrator (the vendor form's role 3): a new
 * admin user, or this vendor's existing user made admin. Refused with 409 for a staff or agent user or
 * another vendor's user. The caller writes `items` in the transaction that records the administrator.
 */
export async function adminMembership(inviter: Actor, vendorId: string, email: string, now: Date): Promise<Membership> {
  const existing = await findUserByEmail(email);
  if (!existing) return newMembership(inviter, { vendorId, email, name: '', role: 'admin' }, now);
  const refused = refusal(existing, vendorId);
  if (refused) throw refused;
  const back = existing.vendorRole ?? 'readOnly';
  const unchanged = { expression: '#role = :role', names: { '#role': 'vendorRole' }, values: { ':role': back } };
  return {
    user: { ...existing, vendorRole: 'admin' },
    items: [User.patchTx({ userId: existing.userId }, { set: { vendorRole: 'admin' } }, { condition: unchanged })],
    undo: [User.patchTx({ userId: existing.userId }, { set: { vendorRole: back } })],
  };
}

/** The invitation e-mail: who invited them, for which vendor and role, and the page that starts the sign-in. */
export function invitationMessage(opts: { to: string; inviter: string; vendorName: string; vendorCode: string; role: VendorRole; primary?: boolean; appOrigin: string }) {
  const role = opts.primary ? 'the Primary Partner Portal Administrator' : opts.role === 'admin' ? 'an administrator' : 'a read-only user';
  const link = `${opts.appOrigin.replace(/\/$/, '')}${PARTNER_WELCOME_PATH}`;
  return {
    to: opts.to,
    subject: opts.primary ? `You are the partner portal administrator for ${opts.vendorName}` : `You are invited to the partner portal of ${opts.vendorName}`,
    text: [
      `Hello,`,
      ``,
      `${opts.inviter} made you ${role} of ${opts.vendorName} (vendor code ${opts.vendorCode}).`,
      `Sign in to the partner portal with this e-mail address to manage your vendor account.`,
      ``,
      `Start here: ${link}`,
      ``,
      `The page explains the sign-in: you choose a password, then set up an authenticator app, which the partner portal requires.`,
    ].join('\n'),
  };
}

export interface InviteDeps {
  mailer: Mailer;
  idp: IdpAccounts;
  appOrigin: string;
}

/**
 * POST partner/{vendorId}/users: a new user of the vendor with the role asked for, then their sign-in at
 * the provider and the invitation e-mail. A failure of either removes the user again, so a retry starts clean.
 */
export async function inviteVendorUser(inviter: Actor, invitation: Invitation, deps: InviteDeps, now = new Date()): Promise<User> {
  const vendor = await Vendor.get({ vendorId: invitation.vendorId });
  if (!vendor) throw vendorNotFound();
  const existing = await findUserByEmail(invitation.email);
  if (existing) throw refusal(existing, invitation.vendorId) ?? addressTaken();
  const membership = newMembership(inviter, invitation, now);
  await transactWrite(membership.items);
  await welcomeOrUndo(membership, deps, invitationMessage({ to: invitation.email, inviter: inviter.email, vendorName: vendor.name, vendorCode: vendor.code, role: invitation.role, appOrigin: deps.appOrigin }));
  return membership.user;
}

/** The provider's account and the e-mail; when either fails, the membership is taken back and the error rethrown. */
export async function welcomeOrUndo(membership: Pick<Membership, 'user' | 'undo'>, deps: Pick<InviteDeps, 'mailer' | 'idp'>, message: { to: string; subject: string; text: string }, undoMore: TxItem[] = []): Promise<void> {
  try {
    await deps.idp.ensureAccount(membership.user.email);
    await deps.mailer.send(message);
  } catch (err) {
    await transactWrite([...membership.undo, ...undoMore]).catch(() => undefined);
    throw err;
  }
}

/** Another administrator of the vendor than `userId` must still be one when this write lands. */
async function anotherAdminTx(vendorId: string, userId: string): Promise<TxItem> {
  const users = await User.query.ofVendor(vendorId).all();
  const other = users.find((u) => u.userId !== userId && u.vendorRole === 'admin');
  if (!other) throw new Conflict(PARTNER_MESSAGES.lastAdmin);
  const orFail = () => new Conflict(PARTNER_MESSAGES.lastAdmin);
  return User.checkTx({ userId: other.userId }, { expression: '#role = :admin', names: { '#role': 'vendorRole' }, values: { ':admin': 'admin' } }, orFail);
}

/** PATCH partner/{vendorId}/users/{userId}: the user's role; the last administrator stays one. */
export async function changeVendorUserRole(vendorId: string, userId: string, role: VendorRole): Promise<User> {
  const user = await vendorUser(vendorId, userId);
  if (user.vendorRole !== role) {
    const guard = user.vendorRole === 'admin' ? [await anotherAdminTx(vendorId, userId)] : [];
    await transactWrite([User.patchTx({ userId }, { set: { vendorRole: role } }, { current: user }), ...guard]);
  }
  // Also on a retry that finds the role set (the first try's answer lost after its write).
  await recheckSessionsOf(userId, 'reread');
  return { ...user, vendorRole: role };
}

/**
 * DELETE partner/{vendorId}/users/{userId}: the user, their address's guard and any administrator record
 * of theirs, in one transaction; never the last administrator (themselves included). Their sessions end
 * then, and their sign-in at the provider is removed after (a failure there is logged: the portal
 * already refuses them, having no user).
 */
export async function removeVendorUser(vendorId: string, userId: string, deps: Pick<InviteDeps, 'idp'>): Promise<void> {
  const user = await vendorUser(vendorId, userId);
  const guard = user.vendorRole === 'admin' ? [await anotherAdminTx(vendorId, userId)] : [];
  const claim = await UniqueValue.get({ kind: 'USER_EMAIL', value: lower(user.email) }, { consistent: true });
  await transactWrite([
    User.deleteTx({ userId }),
    ...(claim?.ownerId === userId ? [releaseUniqueTx('USER_EMAIL', user.email, userId)] : []),
    VendorAdmin.deleteTx({ vendorId, email: user.email }),
    ...guard,
  ]);
  await recheckSessionsOf(userId, 'end');
  await deps.idp.removeAccount(user.email).catch((err: unknown) => logger.warn('Provider sign-in not removed', { userId, error: err instanceof Error ? err.name : String(err) }));
}
