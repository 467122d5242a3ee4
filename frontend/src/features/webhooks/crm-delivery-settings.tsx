// The CRM Delivery card as Settings shows it: for the agent's own account only (staff have none, and a
// sales assistant views someone else's, read-only), in the account's time zone. The Settings route
// composes it into the page, since features do not import each other.
import { useMe } from '@/api/get-me.ts';
import { CrmDeliveryCard } from './crm-delivery-card.tsx';

export function CrmDeliverySettings() {
  const { AgentId, Account, IsSalesAssistant, Permissions } = useMe();
  if (!AgentId || IsSalesAssistant || !Permissions.includes('CAN_VIEW_SETTINGS')) return null;
  return <CrmDeliveryCard agentId={AgentId} timeZone={Account?.TimeZone ?? null} />;
}
