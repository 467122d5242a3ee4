// Edit Vendor's Vendor Token section: the token's last four (or that there is none yet), and for staff
// with CAN_EDIT_VENDORS a Generate token / Rotate token button. Rotating asks first, since the old
// token stops working at once. The new token is shown this one time, read-only with a copy button;
// the server keeps only its hash.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { ShownOnceToken } from '@/components/shown-once-token.tsx';
import { useState } from 'react';
import { ApiError } from '@/api/client.ts';
import { FormSection } from '@/components/form-section.tsx';
import { useRotateVendorToken } from './api/rotate-vendor-token.ts';
import { tokenDisplay } from './vendor-form-model.ts';

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
  const rotate = useRotateVendorToken();
  const [current, setCurrent] = useState(lastFour);
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);
  const hasToken = current !== null;

  const run = () => {
    setConfirming(false);
    setFailure(null);
    rotate.mutate(vendorId, {
      onSuccess: (answer) => {
        setToken(answer.Token);
        setCurrent(answer.TokenLastFour);
        onRevision(answer.Revision);
      },
      onError: (error) => setFailure(error instanceof ApiError ? error.messages : []),
    });
  };

  return (
    <FormSection title="Vendor Token">
      <Text size="sm">
        <Text span fw={600}>
          Current token:{' '}
        </Text>
        <Text span ff="monospace" data-testid="vendor-token-last-four">
          {tokenDisplay(current)}
        </Text>
      </Text>
      {canEdit && (
        <Group>
          <Button variant="default" loading={rotate.isPending} onClick={() => (hasToken ? setConfirming(true) : run())}>
            {hasToken ? 'Rotate token' : 'Generate token'}
          </Button>
        </Group>
      )}
      {token && (
<ShownOnceToken token={token} label="New token" copyLabel="Copy token" note={SHOWN_ONCE} />
      )}
      {failure && (
        <Alert color="red" title="Unable to change the token" role="alert">
          {failure.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
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
