// The signing secret of a new endpoint or a rotated one, shown this once (the server keeps no copy it
// could show again), with a Copy button and how a CRM checks a delivery's signature.
import { Button, Code, CopyButton, List, Modal, Stack, Text, Title } from '@mantine/core';
import { IDEMPOTENCY_HEADER, SIGNATURE_HEADER } from '#shared/api/webhooks.ts';

export const SECRET_ONCE = 'Copy this secret now: it is not shown again.';

export function SecretDialog({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Signing secret" size="lg" centered closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      <Stack gap="sm">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Deliveries to {url} are signed with this secret.
        </Text>
        <Text fw={700}>{SECRET_ONCE}</Text>
        <Code block data-testid="webhook-secret" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {secret}
        </Code>
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button onClick={copy} color={copied ? 'green.8' : undefined} style={{ alignSelf: 'flex-start' }}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Title order={3} size="h5">
          How to verify a delivery
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>
            Each delivery carries the header <Code>{SIGNATURE_HEADER}</Code> with the value <Code>t=&#123;timestamp&#125;,v1=&#123;signature&#125;</Code>.
          </List.Item>
          <List.Item>
            Compute the HMAC-SHA256 of <Code>&#123;t&#125;.&#123;body&#125;</Code> (the timestamp, a dot and the raw request body) with this secret, in
            hex, and compare it with <Code>v1</Code> in constant time.
          </List.Item>
          <List.Item>Refuse a delivery whose timestamp is more than five minutes old.</List.Item>
          <List.Item>
            A retry or a replay carries the same <Code>{IDEMPOTENCY_HEADER}</Code> header: store it and ignore a key you have already taken.
          </List.Item>
        </List>
        <Button variant="default" onClick={onClose} style={{ alignSelf: 'flex-end' }}>
          Done
        </Button>
      </Stack>
    </Modal>
  );
}
