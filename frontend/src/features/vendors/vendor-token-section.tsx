// Edit Vendor's Vendor Token section: the token's last four (or that there is none yet), and for staff
// with CAN_EDIT_VENDORS a Generate token / Rotate token button. Rotating asks first, since the old
// token stops working at once. The new token is shown this one time, read-only with a copy button;
// the server keeps only its hash.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ShownOnceToken } from '@/components/shown-once-token.tsx';
import { useState } from 'react';
import { FormSection } from '@/components/form-section.tsx';
import { useRotateVendorToken } from './api/rotate-vendor-token.ts';
import { RotationFailure, TokenLastFour, useTokenRotation } from './token-rotation.tsx';

export const ROTATE_WARNING =
  'The current token stops working at once: leads posted with it are refused until the vendor uses the new one.';
export const SHOWN_ONCE = 'Copy this token now: it will not be shown again.';

interface VendorTokenSectionProps {
  vendorId: string;
  lastFour: string | null;
  canEdit: boolean;
  /** The vendor's revision after the change (it moves by one). */
  onRevision: (revision: number) => void;
}

export function VendorTokenSection({ vendorId, lastFour, canEdit, onRevision }: VendorTokenSectionProps) {
  const rotation = useTokenRotation(useRotateVendorToken(), vendorId, lastFour, onRevision);
  const { current, token, failure, pending } = rotation;
  const [confirming, setConfirming] = useState(false);
  const hasToken = current !== null;

  const run = () => {
    setConfirming(false);
    rotation.run();
  };

  return (
    <FormSection title="Vendor Token">
      <TokenLastFour label="Current token:" current={current} testId="vendor-token-last-four" />
      {canEdit && (
        <Group>
          <Button variant="default" loading={pending} onClick={() => (hasToken ? setConfirming(true) : run())}>
            {hasToken ? 'Rotate token' : 'Generate token'}
          </Button>
        </Group>
      )}
      {token && (
        <ShownOnceToken token={token} label="New token" copyLabel="Copy token" note={SHOWN_ONCE} />
      )}
      <RotationFailure title="Unable to change the token" failure={failure} />
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Rotate token" centered>
        <Stack gap="md">
          <Text size="sm">{ROTATE_WARNING}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={run}>Rotate token</Button>
          </Group>
        </Stack>
      </Modal>
    </FormSection>
  );
}
