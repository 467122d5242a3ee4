// The typed entry of a zip-or-SCF adder (ZipScfEntry; the order wizard's Zip tab): the text, its
// message, the check in flight, and Add as both run it: one check at a time, what was typed meanwhile
// kept, a failed look-up said with the given message.
import { useState, type KeyboardEvent } from 'react';
import { zipEntryKind } from '#shared/zip.ts';

export type ZipEntryKind = NonNullable<ReturnType<typeof zipEntryKind>>;

/** What a check says of an entry: added (the box empties), refused with a message, or nothing to say. */
export type ZipEntryOutcome = 'added' | { refused: string } | 'ignored';

export function useZipEntry(opts: { lookupFailed: string; onRefused?: (message: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);
  const kind = zipEntryKind(text);

  const refuse = (message: string) => {
    setError(message);
    opts.onRefused?.(message);
  };

  /** Runs `check` on what is typed, unless it is not a zip or SCF or a check is running. */
  const add = async (check: (entry: string, kind: ZipEntryKind) => Promise<ZipEntryOutcome>) => {
    if (!kind || checking) return;
    const entry = text;
    setChecking(true);
    try {
      const outcome = await check(entry, kind);
      // What was typed while the check ran stays.
      if (outcome === 'added') setText((current) => (current === entry ? '' : current));
      else if (outcome !== 'ignored') refuse(outcome.refused);
    } catch {
      refuse(opts.lookupFailed);
    } finally {
      setChecking(false);
    }
  };

  return {
    text,
    kind,
    error,
    checking,
    /** The box's change: the text, and its message gone. */
    onText: (value: string) => (setText(value), setError(undefined)),
    clearError: () => setError(undefined),
    add,
    /** Enter runs `run` rather than submitting the surrounding form. */
    onEnter: (run: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      run();
    },
  };
}
