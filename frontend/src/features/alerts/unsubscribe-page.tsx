// Where the unsubscribe link of an e-mail or text alert lands (issue 23): it says which alerts the link
// stops and asks before doing it, since mail scanners open links (a visit alone changes nothing; mail
// clients that offer one-click unsubscribe POST to the API themselves). Public: there is no session.
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { ApiError } from '@/api/client.ts';
import { useDocumentTitle } from '@/components/use-document-title.ts';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '#shared/api/alert-settings.ts';
import { useUnsubscribeAlerts } from './api/unsubscribe-alerts.ts';

const TITLE = 'Stop alerts';
const SETTINGS_PATH = '/account/preferences';

const channelOf = (token: string) => (token.split('.')[1] === 's' ? 'text' : 'e-mail');

export function UnsubscribePage({ token }: { token: string | undefined }) {
  useDocumentTitle(TITLE);
  const unsubscribe = useUnsubscribeAlerts();
  const valid = token !== undefined && UNSUBSCRIBE_TOKEN_PATTERN.test(token);
  const channel = valid ? channelOf(token) : 'e-mail';

  if (!valid)
    return (
      <Stack maw={560} gap="md">
        <Title order={1}>{TITLE}</Title>
        <Alert color="red" role="alert">
          This unsubscribe link is not valid. Copy the whole link from the message, or change your alerts in Settings after signing in.
        </Alert>
        <Anchor href={SETTINGS_PATH} underline="always">
          Go to Settings
        </Anchor>
      </Stack>
    );

  if (unsubscribe.isSuccess)
    return (
      <Stack maw={560} gap="md">
        <Title order={1}>{TITLE}</Title>
        <Alert color="green" role="status" title={`${channel === 'text' ? 'Text' : 'E-mail'} alerts are off`}>
          You will get no more {channel} alerts. You can turn them on again in Settings.
        </Alert>
        <Anchor href={SETTINGS_PATH} underline="always">
          Go to Settings
        </Anchor>
      </Stack>
    );

  return (
    <Stack maw={560} gap="md">
      <Title order={1}>{TITLE}</Title>
      <Text>
        Stop all {channel} alerts from the Lead Portal? Your other alerts, and your leads and account, stay as they are.
      </Text>
      {unsubscribe.isError && (
        <Alert color="red" role="alert">
          {unsubscribe.error instanceof ApiError && unsubscribe.error.messages.length > 0 ? unsubscribe.error.messages.join(' ') : 'Something went wrong. Try again.'}
        </Alert>
      )}
      <Button w="fit-content" loading={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        Turn off {channel} alerts
      </Button>
    </Stack>
  );
}
