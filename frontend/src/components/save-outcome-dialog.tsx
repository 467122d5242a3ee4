// The dialog a long form shows once its save has finished (spec part 3 §8: campaign and vendor saves):
// the success text, whose Close returns to the list, or the failure text followed by the server's
// messages, whose Close goes back to the form.
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

export type SaveOutcome = { kind: 'saved' } | { kind: 'failed'; messages: string[] };

interface SaveOutcomeDialogProps {
  outcome: SaveOutcome | null;
  /** The dialog's title (the spec names it after the save button). */
  title: string;
  savedText: string;
  failedText: string;
  /** Close after a success: back to the list. */
  onSaved: () => void;
  /** Close after a failure: back to the form. */
  onDismiss: () => void;
}

export function SaveOutcomeDialog({ outcome, title, savedText, failedText, onSaved, onDismiss }: SaveOutcomeDialogProps) {
  const saved = outcome?.kind === 'saved';
  return (
    <Modal opened={outcome !== null} onClose={saved ? onSaved : onDismiss} title={title} centered>
      {saved ? (
        <Stack gap="md">
          <Text role="status">{savedText}</Text>
          <Group justify="flex-end">
            <Button onClick={onSaved}>Close</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" role="alert">
          <Text fw={600}>{failedText}</Text>
          {outcome && outcome.kind === 'failed' && outcome.messages.length > 0 && (
            <List size="sm">
              {outcome.messages.map((m) => (
                <List.Item key={m}>{m}</List.Item>
              ))}
            </List>
          )}
          <Group justify="flex-end">
            <Button onClick={onDismiss}>Close</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
