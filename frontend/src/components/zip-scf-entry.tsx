// Zip and SCF entry for a geography list (spec part 2 §5, part 3 §5): 3 digits is an SCF, 5 digits a
// zip; the server says whether it exists ('Invalid Zip Code' when not); 1–2 or 4 digits cannot be
// added. The list shows each entry with its own remove button and can be cleared at once.
import { Button, CloseButton, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { ZIP_MESSAGES, zipEntryKind } from '#shared/zip.ts';
import { callApi } from '@/api/client.ts';
import { useZipEntry } from './use-zip-entry.ts';
import { ZipInput } from './zip-input.tsx';

/** The server's word on an entry: a zip through isvalidzipcode, an SCF through zipCode/{scf} (valid when it has zips). */
export async function zipEntryExists(entry: string): Promise<boolean> {
  const kind = zipEntryKind(entry);
  if (kind === 'zip') return callApi('address.isValidZip', { params: { zip: entry } });
  if (kind === 'scf') return (await callApi('address.zipCodes', { params: { zip: entry } })).length > 0;
  return false;
}

interface ZipScfEntryProps {
  value: readonly string[];
  onChange: (next: string[]) => void;
  /** A message about the list as a whole (the form's or the server's). */
  error?: string | undefined;
  disabled?: boolean;
  /** Checks an entry; the server by default. */
  exists?: (entry: string) => Promise<boolean>;
}

export function ZipScfEntry({ value, onChange, error, disabled = false, exists = zipEntryExists }: ZipScfEntryProps) {
  const entry = useZipEntry({ lookupFailed: ZIP_MESSAGES.invalidZip });
  const add = () =>
    entry.add(async (typed) => {
      // Already listed: nothing to check, the box empties.
      if (value.includes(typed)) return 'added';
      if (!(await exists(typed))) return { refused: ZIP_MESSAGES.invalidZip };
      onChange([...value, typed]);
      return 'added';
    });

  return (
    <Stack gap={6}>
      <Group align="flex-start" gap="xs" wrap="wrap">
        <ZipInput
          label="Zip Code or SCF"
          placeholder="5-digit zip or 3-digit SCF"
          autoComplete="off"
          value={entry.text}
          onChange={entry.onText}
          onKeyDown={entry.onEnter(() => void add())}
          error={entry.error ?? error}
          disabled={disabled}
          style={{ flex: '1 1 10rem' }}
        />
        <Button mt={25} variant="default" onClick={() => void add()} loading={entry.checking} disabled={disabled || !entry.kind}>
          Add Zip
        </Button>
      </Group>
      {value.length > 0 && (
        <Paper withBorder p="xs">
          <Group justify="space-between" gap="xs" mb={6}>
            <Text size="sm" fw={600}>
              {value.length} zip code{value.length === 1 ? '' : 's'}
            </Text>
            {!disabled && (
              <Button size="compact-xs" variant="subtle" onClick={() => onChange([])}>
                Clear Zip Codes
              </Button>
            )}
          </Group>
          <ScrollArea.Autosize mah={140} type="auto">
            <Group gap={6} role="list" aria-label="Zip codes and SCFs">
              {value.map((zip) => (
                <Group key={zip} gap={2} wrap="nowrap" role="listitem" px={6} bg="gray.1" style={{ borderRadius: 4 }}>
                  <Text size="sm" ff="monospace">
                    {zip}
                  </Text>
                  {!disabled && <CloseButton size="xs" aria-label={`Remove ${zip}`} onClick={() => onChange(value.filter((z) => z !== zip))} />}
                </Group>
              ))}
            </Group>
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}
