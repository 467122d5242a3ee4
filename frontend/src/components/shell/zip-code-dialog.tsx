// Zip Code Verification (spec part 1 §2.2, §4, §5): shown while the account's zip status is Pending.
// Digits only, at most 5; Update needs exactly 5. A saved zip updates the account and closes the
// dialog; an answer carrying ErrorMessages leaves it open showing them. It does not block: closing
// it hides it until the next visit.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError } from '@/api/client.ts';
import type { Account } from '@/api/get-me.ts';
import { useUpdateZip } from './api/update-zip.ts';
import { ZipInput } from '../zip-input.tsx';
import { isCompleteZip, zipInput } from './zip-code.ts';

/** Spec part 1 §8 success message, shown for 3 s (§9). */
const ZIP_UPDATED = 'Zip code updated.';

function messagesOf(error: Error): string[] {
  if (error instanceof ApiError && error.messages.length > 0) return error.messages;
  return [error.message];
}

export function ZipCodeDialog({ account, onClose }: { account: Account; onClose: () => void }) {
  const [zip, setZip] = useState(() => zipInput(account.Zip));
  const update = useUpdateZip();

  const save = () =>
    update.mutate(
      { agentId: account.AgentId, zip },
      { onSuccess: () => notifications.show({ message: ZIP_UPDATED, color: 'green', autoClose: 3000 }) },
    );

  return (
    <Modal opened onClose={onClose} title="Zip Code Verification" centered>
      <Stack gap="sm">
        <Text size="sm">Please confirm the zip code of your account. Leads are prioritised by it.</Text>
        <ZipInput value={zip} onChange={setZip} />
        {update.error && (
          <Alert color="red" variant="light" role="alert">
            {messagesOf(update.error).map((message) => (
              <div key={message}>{message}</div>
            ))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={save} disabled={!isCompleteZip(zip)} loading={update.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
