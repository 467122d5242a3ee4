// The links of My Orders into the wizards (spec part 2 §2): a new fund order is the fund wizard at the
// placeholder order id `new`; the older flow has its own new and edit routes; the admin variants carry
// the agent's id and name.
import type { AdminAgent } from '@/components/admin-agent-header.tsx';
import { ButtonLink } from './button-link.tsx';

/** The fund wizard's placeholder order id of a new order (agreed with the wizard). */
export const NEW_ORDER_ID = 'new';

type LinkProps = { admin?: AdminAgent; children: string; variant?: string; size?: string; 'aria-label'?: string };

export function FundOrderLink({ orderId, admin, ...rest }: LinkProps & { orderId: string }) {
  return admin ? (
    <ButtonLink to="/fundOrder/$orderID/$agentID/$firstName/$lastName" params={{ orderID: orderId, ...admin }} {...rest} />
  ) : (
    <ButtonLink to="/fundOrder/$orderID" params={{ orderID: orderId }} {...rest} />
  );
}

export function NewCampaignOrderLink({ admin, ...rest }: LinkProps) {
  return admin ? <ButtonLink to="/order/new/$agentID/$firstName/$lastName" params={admin} {...rest} /> : <ButtonLink to="/order/new" {...rest} />;
}

export function EditCampaignOrderLink({ orderId, admin, ...rest }: LinkProps & { orderId: string }) {
  return admin ? (
    <ButtonLink to="/order/edit/$orderID/$agentID/$firstName/$lastName" params={{ orderID: orderId, ...admin }} {...rest} />
  ) : (
    <ButtonLink to="/order/edit/$orderID" params={{ orderID: orderId }} {...rest} />
  );
}
