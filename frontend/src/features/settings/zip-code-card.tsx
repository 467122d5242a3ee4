// Settings' Update Zip Code (spec part 1 §2.6, §5, §8, §9): digits only, at most 5; Update needs
// exactly 5. A saved zip reloads the user, so the header shows it, and says 'Zip code updated.' for
// 3 s; the server's messages (an unknown zip) show under the field.
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Account } from '@/api/get-me.ts';
import { useUpdateZip } from '@/components/shell/api/update-zip.ts';
import { isCompleteZip, ZipInput, zipInput } from '@/components/zip-input.tsx';
import { ErrorMessages } from './error-messages.tsx';

const ZIP_UPDATED = 'Zip code updated.';
const ZIP_UPDATED_MS = 3000;

export function ZipCodeCard({ account }: { account: Account }) {
  const [zip, setZip] = useState(() => zipInput(account.Zip));
  const update = useUpdateZip();

  const save = () =>
    update.mutate(
      { agentId: account.AgentId, zip },
      { onSuccess: () => notifications.show({ message: ZIP_UPDATED, color: 'green', autoClose: ZIP_UPDATED_MS }) },
    );

  return (
    <Card withBorder padding="lg" role="region" aria-label="Update Zip Code">
      <Title order={2} size="h4" mb="xs">
        Update Zip Code
      </Title>
      <Stack gap="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (isCompleteZip(zip)) save();
          }}
        >
          <Group align="flex-end" gap="sm">
            <ZipInput
              value={zip}
              onChange={(typed) => {
                update.reset();
                setZip(typed);
              }}
              w={140}
            />
            <Button type="submit" disabled={!isCompleteZip(zip)} loading={update.isPending}>
              Update
            </Button>
          </Group>
        </form>
        <ErrorMessages error={update.error} />
      </Stack>
    </Card>
  );
}
