// What Edit Vendor's two token sections (the vendor token and the sandbox token) share: the last four
// on screen, replaced when a new token comes; the new token kept to be shown this one time; the
// vendor's new revision handed up; and the server's refusal, in its words.
import { Alert, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '@/api/client.ts';
import { tokenDisplay } from './vendor-form-model.ts';

/** What a token route answers (the token this one time). */
interface TokenAnswer {
  Token: string;
  TokenLastFour: string;
  Revision: number;
}

/** One token's state around its rotate call (`rotate` takes the vendor's id). */
export function useTokenRotation<A extends TokenAnswer>(rotate: UseMutationResult<A, Error, string>, vendorId: string, lastFour: string | null, onRevision: (revision: number) => void) {
  const [current, setCurrent] = useState(lastFour);
  const [token, setToken] = useState<string | null>(null);
  const [failure, setFailure] = useState<string[] | null>(null);

  const run = () => {
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
  return { current, token, failure, pending: rotate.isPending, run };
}

/** "<label> ••••WXYZ" (or that there is none yet). */
export function TokenLastFour({ label, current, testId }: { label: string; current: string | null; testId: string }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}{' '}
      </Text>
      <Text span ff="monospace" data-testid={testId}>
        {tokenDisplay(current)}
      </Text>
    </Text>
  );
}

/** The server's refusal of a rotation, one line a message. */
export function RotationFailure({ title, failure }: { title: string; failure: string[] | null }) {
  if (!failure) return null;
  return (
    <Alert color="red" title={title} role="alert">
      {failure.map((m) => (
        <Text key={m} size="sm">
          {m}
        </Text>
      ))}
    </Alert>
  );
}
