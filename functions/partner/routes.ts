// Route handlers of the partner area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { getIntegration, rotatePartnerSandboxToken, rotatePartnerToken } from './integration.ts';
import { getPartnerVendor } from './vendor.ts';
import { inviteUser, listUsers, removeUser, updateUser } from './users.ts';
import { getPartnerSummary } from './summary.ts';
import { getLead, listLeads } from './leads.ts';
import { listReturns } from './returns.ts';

export const routes: AreaRoutes = {
  'partner.vendor': getPartnerVendor,
  'partner.users': listUsers,
  'partner.inviteUser': inviteUser,
  'partner.updateUser': updateUser,
  'partner.removeUser': removeUser,
  'partner.integration': getIntegration,
  'partner.rotateToken': rotatePartnerToken,
  'partner.rotateSandboxToken': rotatePartnerSandboxToken,
  'partner.summary': getPartnerSummary,
  'partner.leads': listLeads,
  'partner.lead': getLead,
  'partner.returns': listReturns,
};
