// The Active column of the Vendors table (spec part 3 §2, §4 Vendor status): with
// CAN_TOGGLE_VENDORS_ACTIVE a switch that first asks 'Are you sure you want to continue?'; Yes asks
// the caller to activate or deactivate, No closes the dialog. The switch shows the row's status, so
// it flips only when the row does, after the call succeeded. Without the permission, the status word.
import { Button, Group, Modal, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { VENDOR_MESSAGES } from '#shared/vendors.ts';

export interface VendorActiveToggleProps {
  vendorName: string;
  active: boolean;
  canToggle: boolean;
  /** True while this vendor's call is under way. */
  pending: boolean;
  /** Activates (true) or deactivates (false) the vendor; settles when the call does. */
  onConfirm: (active: boolean) => Promise<unknown>;
}

const statusWord = (active: boolean) => (active ? 'Active' : 'Inactive');

export function VendorActiveToggle({ vendorName, active, canToggle, pending, onConfirm }: VendorActiveToggleProps) {
  const [asking, setAsking] = useState(false);
  if (!canToggle) return statusWord(active);

  const yes = () => {
    // A failed call is only logged (part 3 §8, by the query client); the row keeps its status.
    void onConfirm(!active)
      .catch(() => undefined)
      .finally(() => setAsking(false));
  };

  return (
    <>
      <Switch
        // The column's title says what the switch is; a word beside it would widen the table.
        aria-label={`${vendorName} active`}
        checked={active}
        disabled={pending}
        onChange={() => setAsking(true)}
      />
      <Modal opened={asking} onClose={() => !pending && setAsking(false)} title={`${active ? 'Deactivate' : 'Activate'} ${vendorName}`} centered>
        <Text>{VENDOR_MESSAGES.toggleConfirm}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setAsking(false)} disabled={pending}>
            No
          </Button>
          <Button onClick={yes} loading={pending}>
            Yes
          </Button>
        </Group>
      </Modal>
    </>
  );
}
