// Shown when a route's beforeLoad, loader or screen fails: the not-allowed message when the page's
// permission check refused the user, the API's messages when it gave any, else a plain notice.
import { Alert, Button, Stack } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '@/api/client.ts';
import { PageRefused } from '@/routing/guard-page.ts';
import { NotAllowed } from './not-allowed.tsx';

export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter();
  if (error instanceof PageRefused) return <NotAllowed refusal={error.refusal} />;
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
