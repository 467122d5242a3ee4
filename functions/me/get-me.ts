// GET /api/me: the signed-in user's agent info (spec part 1 §3), with the account for agent users and,
// for a vendor user of the partner portal (issue 24), their vendor's id, name and their role.
import { loadAccount } from '#core/money/accounts.ts';
import { toAccountDto } from '#core/money/account-dto.ts';
import { vendorNameOf } from '#core/partner/integration.ts';
import { ok, route } from '#platform/http.ts';
import { isVendorUser } from '#shared/permissions.ts';

export const getMe = route('me.get', {
  handle: async ({ user }) => {
    const flags = user.flags;
    const [found, vendorName] = await Promise.all([
      user.agentId ? loadAccount(user.agentId) : undefined,
      isVendorUser(flags) ? vendorNameOf(flags.vendorId) : undefined,
    ]);
    const account = found ? toAccountDto(found) : null;
    return ok({
      AgentId: user.agentId ?? null,
      Name: user.name,
      EmailAddress: user.email,
      Permissions: user.permissions,
      Account: account,
      IsSalesAssistant: flags.isSalesAssistant,
      IsSponsorAgent: flags.isSponsorAgent,
      IsFundPreview: flags.isFundPreview,
      IsAdmin: flags.isAdmin,
      Roles: user.roles,
      Kind: flags.kind,
      Vendor: isVendorUser(flags) ? { VendorId: flags.vendorId, Name: vendorName ?? '', Role: flags.vendorRole ?? 'readOnly' } : null,
    });
  },
});
