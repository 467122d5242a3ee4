// The partner portal's Users screen (issue 24): the vendor's users; its administrators (and staff who
// edit vendors) invite colleagues, change their role and remove them. Who may call which is the manifest's.
import type { User } from '#entities/user.ts';
import { config } from '#platform/config.ts';
import { created, noContent, ok, route } from '#platform/http.ts';
import { mailerFromEnv } from '#platform/mailer.ts';
import type { PartnerUser } from '#shared/api/partner.ts';
import { idpAccountsFromEnv } from '#core/identity/idp-accounts.ts';
import { changeVendorUserRole, inviteVendorUser, listVendorUsers, removeVendorUser } from '#core/partner/users.ts';

export function toPartnerUser(u: User): PartnerUser {
  return { UserId: u.userId, Email: u.email, Name: u.name, Role: u.vendorRole ?? 'readOnly', InvitedAt: u.createdAt, InvitedBy: u.invitedBy ?? null };
}

export const listUsers = route('partner.users', {
  handle: async ({ params }) => ok({ Users: (await listVendorUsers(params.vendorId)).map(toPartnerUser) }),
});

export const inviteUser = route('partner.inviteUser', {
  handle: async ({ user, params, body }) => {
    const invited = await inviteVendorUser(
      user,
      { vendorId: params.vendorId, email: body.Email, name: body.Name, role: body.Role },
      { mailer: mailerFromEnv(), idp: idpAccountsFromEnv(), appOrigin: config().APP_ORIGIN },
    );
    return created(toPartnerUser(invited));
  },
});

export const updateUser = route('partner.updateUser', {
  handle: async ({ params, body }) => ok(toPartnerUser(await changeVendorUserRole(params.vendorId, params.userId, body.Role))),
});

export const removeUser = route('partner.removeUser', {
  handle: async ({ params }) => {
    await removeVendorUser(params.vendorId, params.userId, { idp: idpAccountsFromEnv() });
    return noContent();
  },
});
