// My Account's money buttons (spec part 1 §2.5): Add Lead Money Via Credit Card (CAN_FUND_MY_ACCOUNT)
// and the Transfer Lead Money menu, whose items each need their own transfer permission. The admin
// view of an agent never shows them.
import { Button, Menu, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import { forwardRef, useState, type AnchorHTMLAttributes } from 'react';
import type { Permission } from '#shared/permissions.ts';
import { useMe } from '@/api/get-me.ts';
import { TransferDialog, type TransferKind } from './transfer-dialog.tsx';

/** A Mantine button that is a real link, so the router navigates and preloads on intent. */
const AnchorButton = forwardRef<HTMLAnchorElement, ButtonProps & AnchorHTMLAttributes<HTMLAnchorElement>>((props, ref) => (
  <Button component="a" ref={ref} {...props} />
));
AnchorButton.displayName = 'AnchorButton';
const ButtonLink = createLink(AnchorButton);

const TRANSFER_ITEMS: { kind: TransferKind; label: string; needs: Permission }[] = [
  { kind: 'agent', label: 'To Another Agent', needs: 'CAN_TRANSFER_MY_FUNDS_TO_OTHER_AGENTS' },
  { kind: 'pointAndClick', label: 'To Point and Click', needs: 'CAN_TRANSFER_MY_FUNDS_TO_POINTANDCLICK' },
];

export function MoneyActions({ agentId }: { agentId: string }) {
  const { Permissions } = useMe();
  const [transfer, setTransfer] = useState<TransferKind | null>(null);
  const items = TRANSFER_ITEMS.filter((item) => Permissions.includes(item.needs));
  return (
    <>
      {Permissions.includes('CAN_FUND_MY_ACCOUNT') && <ButtonLink to="/addFundsCC">Add Lead Money Via Credit Card</ButtonLink>}
      {items.length > 0 && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="light">Transfer Lead Money</Button>
          </Menu.Target>
          <Menu.Dropdown>
            {items.map((item) => (
              <Menu.Item key={item.kind} onClick={() => setTransfer(item.kind)}>
                {item.label}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {transfer && <TransferDialog agentId={agentId} kind={transfer} onClose={() => setTransfer(null)} />}
    </>
  );
}
