// Route handlers of the vendors area, keyed by manifest route id. Routes missing here answer 501.
import type { AreaRoutes } from '#platform/http.ts';
import { activateVendor, assignAdmin, deactivateVendor, rotateToken } from './change-vendor.ts';
import { getDisputeReasons, getVendor, getVendorCampaigns } from './get-vendor.ts';
import { rotateSandboxTokenRoute } from './rotate-sandbox-token.ts';
import { listVendorNames, listVendors, vendorTable } from './list-vendors.ts';
import { createVendorRoute, updateVendorRoute } from './save-vendor.ts';

export const routes: AreaRoutes = {
  'vendors.list': listVendors,
  'vendors.names': listVendorNames,
  'vendors.table': vendorTable,
  'vendors.get': getVendor,
  'vendors.create': createVendorRoute,
  'vendors.update': updateVendorRoute,
  'vendors.activate': activateVendor,
  'vendors.deactivate': deactivateVendor,
  'vendors.rotateToken': rotateToken,
  'vendors.rotateSandboxToken': rotateSandboxTokenRoute,
  'vendors.assignAdmin': assignAdmin,
  'vendors.campaignVendors': getVendorCampaigns,
  'vendors.disputeReasons': getDisputeReasons,
};
