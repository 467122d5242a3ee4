// /partner/welcome: where a partner-portal invitation links to (issue 24). Public: it says what the
// portal is, how the first sign-in goes (the invited address, a password of one's own, an authenticator
// app, which vendor users must have) and starts it.
import { Button, List, Stack, Text, Title } from '@mantine/core';
import { signInUrl } from '@/api/client.ts';
import { config } from '@/config.ts';

export function PartnerWelcomePage() {
  return (
    <Stack maw={640} gap="md" p="md" mx="auto">
      <Title order={1}>Welcome to the partner portal</Title>
      <Text>
        The partner portal is where a lead vendor follows its leads: what each lead earned, why leads were rejected or returned, its campaigns and
        the fields they require, its API token, and who in the team can sign in.
      </Text>
      <Title order={2} size="h3">
        Your first sign-in
      </Title>
      <List type="ordered" spacing="xs">
        <List.Item>Sign in with the e-mail address the invitation was sent to.</List.Item>
        <List.Item>
          Use the temporary password from the separate sign-in e-mail, then choose a password of your own. (On a local demo installation, the demo
          password in the README is used.)
        </List.Item>
        <List.Item>
          Set up an authenticator app, such as Google Authenticator, Microsoft Authenticator or 1Password: partner portal accounts must give a code
          from it each time they sign in. The portal guides you through this the first time.
        </List.Item>
      </List>
      <Button component="a" href={signInUrl(config.apiBaseUrl)} w="fit-content">
        Sign in to the partner portal
      </Button>
    </Stack>
  );
}
