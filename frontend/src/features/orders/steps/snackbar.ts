// The wizards' snackbar (spec part 2 §8): validation messages auto-hide after 4 s in the fund wizard,
// 3 s in the zip and distribution forms; what the pickers added is said the same way.
import { notifications } from '@mantine/notifications';

export const SNACKBAR_MS = { wizard: 4000, picker: 3000 } as const;

export function snackbar(message: string, { kind = 'error', autoClose = SNACKBAR_MS.wizard }: { kind?: 'error' | 'info'; autoClose?: number | false } = {}) {
  notifications.show({ message, color: kind === 'error' ? 'red' : 'green', autoClose, withBorder: true });
}
