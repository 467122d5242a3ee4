// The partner portal's Integration screen (issue 24): the vendor's API token (its last four; Rotate for
// administrators, the new token shown this once, as staff see it on the vendor's edit page), the
// campaigns it posts to with the fields each campaign's criteria require, and the lead API's docs.
import { Alert, Anchor, Badge, Button, Card, Code, Group, List, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { ShownOnceToken } from '@/components/shown-once-token.tsx';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import type { PartnerCampaign } from '#shared/api/partner.ts';
import { ApiError } from '@/api/client.ts';
import { useMe } from '@/api/get-me.ts';
import { usePartnerIntegration, useRotatePartnerToken } from './api/partner-integration.ts';
import { mayManagePartner } from './shell-nav.ts';

export const ROTATE_WARNING = 'The current token stops working at once: leads posted with it are refused until your systems use the new one.';
export const SANDBOX_ROTATE_WARNING = 'The current sandbox token stops working at once; your real token is not changed.';
export const SHOWN_ONCE = 'Copy this token now: it will not be shown again.';
export const SANDBOX_TEXT =
  'Leads posted with the sandbox token are checked, deduplicated against other sandbox leads and routed exactly as real ones, and the answer says what would have happened; nothing is sold, charged, delivered or counted in your figures.';

/** What the embedded API reference's curl lines use: a campaign of the vendor's, and the sandbox token while it is shown. */
export interface ReferenceCurl {
  campaignCode?: string;
  sandboxToken?: string;
}

interface IntegrationPageProps {
  vendorId: string;
  /** The rendered reference of the intake calls (the route composes it from the API reference feature). */
  reference?: (curl: ReferenceCurl) => ReactNode;
}

export function IntegrationPage({ vendorId, reference }: IntegrationPageProps) {
  const me = useMe();
  const integration = usePartnerIntegration(vendorId);
  const canManage = mayManagePartner(me);
  const [sandboxToken, setSandboxToken] = useState<string | undefined>();
  const campaignCode = integration.Campaigns.find((c) => c.Active)?.CampaignCode ?? integration.Campaigns[0]?.CampaignCode;
  return (
    <Stack gap="lg">
      <Title order={1}>Integration</Title>
      <TokenSection vendorId={vendorId} which="real" lastFour={integration.TokenLastFour} canRotate={canManage} />
      <TokenSection vendorId={vendorId} which="sandbox" lastFour={integration.SandboxTokenLastFour} canRotate={canManage} onToken={setSandboxToken} />
      <CampaignsSection campaigns={integration.Campaigns} />
      <Stack gap="xs" component="section" aria-labelledby="api-docs-title">
        <Title order={2} size="h3" id="api-docs-title">
          API documentation
        </Title>
        <Text>
          Leads are posted to <Code>POST /api/intake/leads</Code> with the token in the <Code>Authorization: Bearer</Code> header. The full description
          of the lead API, its fields and its answers:
        </Text>
        <Anchor href={integration.OpenApiUrl} target="_blank" rel="noreferrer" w="fit-content">
          The lead API’s OpenAPI document
        </Anchor>
        {reference?.({ ...(campaignCode ? { campaignCode } : {}), ...(sandboxToken ? { sandboxToken } : {}) })}
      </Stack>
    </Stack>
  );
}

const TOKEN_TEXTS = {
  real: { title: 'API token', testId: 'partner-token-last-four' },
  sandbox: { title: 'Sandbox token', testId: 'partner-sandbox-token-last-four' },
} as const;

interface TokenSectionProps {
  vendorId: string;
  which: 'real' | 'sandbox';
  lastFour: string | null;
  canRotate: boolean;
  /** Told the new token while it is shown (the reference's curl lines use the sandbox's). */
  onToken?: (token: string) => void;
}

function TokenSection({ vendorId, which, lastFour, canRotate, onToken }: TokenSectionProps) {
  const texts = TOKEN_TEXTS[which];
  const rotate = useRotatePartnerToken(vendorId, which);
  const [token, setToken] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string[] | null>(null);

  const run = () => {
    setConfirming(false);
    setFailure(null);
    rotate.mutate(undefined, {
      onSuccess: (answer) => {
        setToken(answer.Token);
        onToken?.(answer.Token);
      },
      onError: (error) => setFailure(error instanceof ApiError && error.status < 500 ? error.messages : []),
    });
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby={`${which}-token-title`}>
      <Title order={2} size="h3" id={`${which}-token-title`}>
        {texts.title}
      </Title>
      {which === 'sandbox' && <Text size="sm">{SANDBOX_TEXT}</Text>}
      <Text size="sm">
        <Text span fw={600}>
          Current token:{' '}
        </Text>
        <Text span ff="monospace" data-testid={texts.testId}>
          {lastFour ? `…${lastFour}` : 'None yet'}
        </Text>
      </Text>
      {canRotate && (
        <Button variant="default" w="fit-content" loading={rotate.isPending} onClick={() => (lastFour ? setConfirming(true) : run())}>
          {which === 'real' ? (lastFour ? 'Rotate token' : 'Generate token') : lastFour ? 'Rotate sandbox token' : 'Generate sandbox token'}
        </Button>
      )}
      {token && (
<ShownOnceToken token={token} label={which === 'real' ? 'New token' : 'New sandbox token'} copyLabel="Copy token" note={SHOWN_ONCE} />
      )}
      {failure && (
        <Alert color="red" title="Unable to change the token" role="alert">
          {(failure.length ? failure : ['Something went wrong. Try again.']).map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={which === 'real' ? 'Rotate token' : 'Rotate sandbox token'} centered>
        <Stack gap="md">
          <Text size="sm">{which === 'real' ? ROTATE_WARNING : SANDBOX_ROTATE_WARNING}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={run}>{which === 'real' ? 'Rotate token' : 'Rotate sandbox token'}</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** "Ages 18 to 64", "Ages 65 and over", or nothing. */
export function ageText(c: Pick<PartnerCampaign, 'MinAge' | 'MaxAge'>): string | null {
  if (c.MinAge > 0 && c.MaxAge > 0) return `Ages ${c.MinAge} to ${c.MaxAge}`;
  if (c.MinAge > 0) return `Ages ${c.MinAge} and over`;
  if (c.MaxAge > 0) return `Ages up to ${c.MaxAge}`;
  return null;
}

/** Under 700 px each campaign is a card of its own: the table's four columns do not fit a phone. */
const PHONE_QUERY = '(max-width: 699.9px)';

function RequiredFields({ campaign }: { campaign: PartnerCampaign }) {
  return (
    <>
      <List size="sm" listStyleType="none" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {campaign.RequiredFields.map((f) => (
          <List.Item key={f}>
            <Code>{f}</Code>
          </List.Item>
        ))}
      </List>
      {ageText(campaign) && (
        <Text size="xs" c="dimmed">
          {ageText(campaign)}
        </Text>
      )}
    </>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge variant="light" color={active ? 'green' : 'gray'}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function CampaignsSection({ campaigns }: { campaigns: PartnerCampaign[] }) {
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Stack gap="xs" component="section" aria-labelledby="campaigns-title">
      <Title order={2} size="h3" id="campaigns-title">
        Campaigns
      </Title>
      {campaigns.length === 0 ? (
        <Text>No campaign takes leads from you yet.</Text>
      ) : isPhone ? (
        <Stack gap="sm" component="ul" aria-label="Campaigns" p={0} m={0} style={{ listStyle: 'none' }}>
          {campaigns.map((c) => (
            <Card key={c.CampaignId} component="li" withBorder padding="sm" data-campaign={c.CampaignCode}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600}>{c.Name}</Text>
                <StatusBadge active={c.Active} />
              </Group>
              <Text size="sm">
                CampaignCode <Code>{c.CampaignCode}</Code>
              </Text>
              <Text size="sm" fw={600} mt={4}>
                Required fields
              </Text>
              <RequiredFields campaign={c} />
            </Card>
          ))}
        </Stack>
      ) : (
        <Table striped verticalSpacing="xs" aria-label="Campaigns">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Campaign</Table.Th>
              <Table.Th>CampaignCode</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Required fields</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {campaigns.map((c) => (
              <Table.Tr key={c.CampaignId} data-campaign={c.CampaignCode}>
                <Table.Td>{c.Name}</Table.Td>
                <Table.Td>
                  <Code>{c.CampaignCode}</Code>
                </Table.Td>
                <Table.Td>
                  <StatusBadge active={c.Active} />
                </Table.Td>
                <Table.Td>
                  <RequiredFields campaign={c} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
