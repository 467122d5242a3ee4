// Account-area route handlers for the agent's own settings and statuses (see routes.ts).
import type { AreaRoutes } from '#platform/http.ts';
import { getPhoneNumber, getTrainingData, updateProStore, updateTimeZone, updateZip } from './update-settings.ts';
import { updateLiveTransferStatus, updateOrderStatus, updateThirdPartyStatus } from './update-statuses.ts';

export const settingsRoutes: AreaRoutes = {
  'account.updateOrderStatus': updateOrderStatus,
  'account.updateLiveTransferStatus': updateLiveTransferStatus,
  'account.updateThirdPartyStatus': updateThirdPartyStatus,
  'account.updateTimeZone': updateTimeZone,
  'account.updateZip': updateZip,
  'account.updateProStore': updateProStore,
  'account.trainingData': getTrainingData,
  'account.phoneNumber': getPhoneNumber,
};
