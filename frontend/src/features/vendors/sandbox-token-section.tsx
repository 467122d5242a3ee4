// Edit Vendor's Sandbox token section (issue 24): what the sandbox is, the sandbox token's last four
// (or that there is none yet), and for staff with CAN_EDIT_VENDORS Generate / Rotate sandbox token.
// The new token is shown this one time with a copy button, and a curl line that posts the demo lead
// to the sandbox with it; the API reference lists every call.
import { Alert, Anchor, Button, Code, Group, Text } from '@mantine/core';
import { ShownOnceToken } from '@/components/shown-once-token.tsx';
import { useState } from 'react';
import { INTAKE_LEAD_EXAMPLE } from '#shared/api/intake.ts';
import { SANDBOX_TEXTS } from '#shared/sandbox.ts';
import { ApiError } from '@/api/client.ts';
import { FormSection } from '@/components/form-section.tsx';
import { useRotateSandboxToken } from './api/rotate-sandbox-token.ts';
import { tokenDisplay } from './vendor-form-model.ts';

interface SandboxTokenSectionProps {
  vendorId: string;
  lastFour: string | null;
  canEdit: boolean;
  /** The vendor's revision after the change (it moves by one). */
  onRevision: (revision: number) => void;
}

/** The README's curl line with the sandbox token: what a vendor pastes to see what would happen. */
export function sandboxCurl(origin: string, token: string, now = new Date()): string {
  const body = { ...INTAKE_LEAD_EXAMPLE, VendorLeadId: `sandbox-${now.getTime()}`, Consent: { ...INTAKE_LEAD_EXAMPLE.Consent, Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z') } };
  return [`curl -s ${origin}/api/intake/leads`, `  -H 'Authorization: Bearer ${token}'`, `  -H 'Content-Type: application/json'`, `  -d '${JSON.stringify(body)}'`].join(' \\\n');
}

export function SandboxTokenSection({ vendorId, lastFour, canEdit, onRevision }: SandboxTokenSectionProps) {
  const rotate = useRotateSandboxToken();
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

  return (
    <FormSection title={SANDBOX_TEXTS.title}>
      <Text size="sm">{SANDBOX_TEXTS.explain}</Text>
      <Text size="sm">
        <Text span fw={600}>
          Current sandbox token:{' '}
        </Text>
        <Text span ff="monospace" data-testid="sandbox-token-last-four">
          {tokenDisplay(current)}
        </Text>
      </Text>
      {canEdit && (
        <Group>
          <Button variant="default" loading={rotate.isPending} onClick={run}>
            {current ? SANDBOX_TEXTS.rotate : SANDBOX_TEXTS.generate}
          </Button>
        </Group>
      )}
      {token && (
        <ShownOnceToken token={token} label="New sandbox token" copyLabel="Copy sandbox token" note={SANDBOX_TEXTS.shownOnce}>
          <Text size="sm">Post a test lead with it (change CampaignCode to one of the vendor&apos;s campaigns):</Text>
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {sandboxCurl(window.location.origin, token)}
          </Code>
        </ShownOnceToken>
      )}
      <Text size="sm">
        Every call and its answers: <Anchor href="/apiReference">API Reference</Anchor>.
      </Text>
      {failure && (
        <Alert color="red" title="Unable to change the sandbox token" role="alert">
          {failure.map((m) => (
            <Text key={m} size="sm">
              {m}
            </Text>
          ))}
        </Alert>
      )}
    </FormSection>
  );
}
