// Where a staff sign-in without an authenticator app lands (the auth callback's refusal): it says why
// there is no session and sets up the app for the account that tried, in the ten minutes the server
// allows; then the person signs in again and gives a code. Public: there is no session to load.
import { Alert, Anchor, Button, Code, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { ApiError, signInUrl } from '@/api/client.ts';
import { useDocumentTitle } from '@/components/use-document-title.ts';
import { config } from '@/config.ts';
import { useStartMfaSetup, useVerifyMfaCode } from './api/set-up-mfa.ts';

const TITLE = 'Multi-factor authentication required';

const messageOf = (error: unknown) =>
  error instanceof ApiError && error.messages.length > 0 ? error.messages.join(' ') : 'Something went wrong. Sign in again to start over.';

/** The key in groups of four, as authenticator apps show keys typed by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function MfaRequiredPage() {
  useDocumentTitle(TITLE);
  const setup = useStartMfaSetup();
  const verify = useVerifyMfaCode();
  const [code, setCode] = useState('');
  const signIn = signInUrl(config.apiBaseUrl);

  if (verify.isSuccess)
    return (
      <Stack maw={560} gap="md">
        <Title order={1}>Authenticator app set up</Title>
        <Text>Your account now asks for a code from your authenticator app each time you sign in.</Text>
        <Anchor href={signIn} underline="always">Sign in again</Anchor>
      </Stack>
    );

  return (
    <Stack maw={560} gap="md">
      <Title order={1}>{TITLE}</Title>
      <Text>
        Staff accounts must sign in with an authenticator app (multi-factor authentication), and so must partner portal accounts. Your account does not have one set up yet, so you
        have not been signed in.
      </Text>
      {!setup.data ? (
        <>
          <Text>Set one up now: you need an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password.</Text>
          {setup.isError && (
            <Alert color="red" title="Set-up not started">
              {messageOf(setup.error)} <Anchor href={signIn} underline="always">Sign in again</Anchor>
            </Alert>
          )}
          <Button w="fit-content" loading={setup.isPending} onClick={() => setup.mutate()}>
            Set up authenticator app
          </Button>
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            verify.mutate(code.trim());
          }}
        >
          <Stack gap="sm">
            <List type="ordered" spacing="xs">
              <List.Item>
                In your authenticator app, add an account. On this phone you can{' '}
                <Anchor href={setup.data.OtpAuthUri} underline="always">open it in the app</Anchor>; otherwise enter this key by hand for {setup.data.Email}:{' '}
                <Code data-testid="mfa-secret">{grouped(setup.data.SecretCode)}</Code>
              </List.Item>
              <List.Item>Enter the 6-digit code the app shows for Lead Portal.</List.Item>
            </List>
            <TextInput
              label="Authenticator code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              w={200}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={verify.isError ? messageOf(verify.error) : undefined}
            />
            <Button type="submit" w="fit-content" loading={verify.isPending}>
              Verify code
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" c="dimmed">
        If this page has expired, <Anchor href={signIn} underline="always">sign in again</Anchor> to start over.
      </Text>
    </Stack>
  );
}
