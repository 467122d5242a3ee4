// Edit Vendor's Sandbox token section (issue 24): what the sandbox is, the sandbox token's last four
// (or that there is none yet), and for staff with CAN_EDIT_VENDORS Generate / Rotate sandbox token.
// The new token is shown this one time with a copy button, and a curl line that posts the demo lead
// to the sandbox with it; the API reference lists every call.
import { Anchor, Button, Code, Group, Text } from '@mantine/core';
import { ShownOnceToken } from '@/components/shown-once-token.tsx';
import { INTAKE_LEAD_EXAMPLE } from '#shared/api/intake.ts';
import { SANDBOX_TEXTS } from '#shared/sandbox.ts';
import { FormSection } from '@/components/form-section.tsx';
import { useRotateSandboxToken } from './api/rotate-sandbox-token.ts';
import { RotationFailure, TokenLastFour, useTokenRotation } from './token-rotation.tsx';

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
  const { current, token, failure, pending, run } = useTokenRotation(useRotateSandboxToken(), vendorId, lastFour, onRevision);

  return (
    <FormSection title={SANDBOX_TEXTS.title}>
      <Text size="sm">{SANDBOX_TEXTS.explain}</Text>
      <TokenLastFour label="Current sandbox token:" current={current} testId="sandbox-token-last-four" />
      {canEdit && (
        <Group>
          <Button variant="default" loading={pending} onClick={run}>
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
      <RotationFailure title="Unable to change the sandbox token" failure={failure} />
    </FormSection>
  );
}
