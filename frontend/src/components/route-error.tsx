// Shown when a route's loader or screen fails: the API's messages when it gave any, else a plain notice.
import { Alert, Button, Stack } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '@/api/client.ts';

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  // Only the API's own texts are shown; anything else may be an internal detail.
  const lines = error instanceof ApiError ? (error.messages.length > 0 ? error.messages : [error.message]) : ['The page could not be shown.'];
  return (
    <Stack align="flex-start" p="md">
      <Alert color="red" title="Something went wrong" role="alert">
        {lines.map((line) => (
          <div key={line}>{line}</div>
        ))}
      </Alert>
      <Button variant="light" onClick={() => void router.invalidate()}>
        Try again
      </Button>
    </Stack>
  );
}
