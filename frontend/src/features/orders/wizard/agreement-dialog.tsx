// The agree-to-conditions dialog (spec part 2 §2, §4, §9): the conditions text, and the save button,
// disabled while the save is under way.
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { ORDER_CONDITIONS } from '#shared/orders/order.ts';

interface AgreementDialogProps {
  opened: boolean;
  saving: boolean;
  saveLabel: string;
  onSave: () => void;
  onClose: () => void;
}

export function AgreementDialog({ opened, saving, saveLabel, onSave, onClose }: AgreementDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !saving && onClose()} title="Terms and conditions" centered>
      <Stack gap="md">
        <Text size="sm">By saving this order you agree to these conditions:</Text>
        <List size="sm" spacing={4}>
          {ORDER_CONDITIONS.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={onSave} disabled={saving} loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
