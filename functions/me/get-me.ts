// GET /api/me: the signed-in user's agent info (spec part 1 §3), with the account for agent users.
import { loadAccount } from '#core/money/accounts.ts';
import { toAccountDto } from '#core/money/account-dto.ts';
import { ok, route } from '#platform/http.ts';

export const getMe = route('me.get', {
  handle: async ({ user }) => {
    const found = user.agentId ? await loadAccount(user.agentId) : undefined;
    const account = found ? toAccountDto(found) : null;
    return ok({
      AgentId: user.agentId ?? null,
      Name: user.name,
      EmailAddress: user.email,
      Permissions: user.permissions,
      Account: account,
      IsSalesAssistant: user.flags.isSalesAssistant,
      IsSponsorAgent: user.flags.isSponsorAgent,
      IsFundPreview: user.flags.isFundPreview,
      IsAdmin: user.flags.isAdmin,
      Roles: user.roles,
    });
  },
});
