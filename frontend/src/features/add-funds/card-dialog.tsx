// One of the card flow's dialogs (spec part 1 §8): its headline, its text and, for a decline, one
// line per failure code with the code in parentheses.
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { CardDialog as CardDialogContent } from '#shared/card.ts';

export function CardDialog({ dialog, onClose }: { dialog: CardDialogContent; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={dialog.title} centered>
      <Stack gap="sm">
        {/* 'Transaction Canceled' is both headline and text; saying it twice adds nothing. */}
        {dialog.text !== dialog.title && <Text>{dialog.text}</Text>}
        {dialog.items.length > 0 && (
          <List size="sm" data-testid="card-failure-codes">
            {dialog.items.map((item) => (
              <List.Item key={item}>{item}</List.Item>
            ))}
          </List>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
