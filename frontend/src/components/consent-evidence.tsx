// A lead's consent evidence (issue 24): the text the consumer saw and its version, when, from which
// IP and page, and the consent certificate link; shown to staff on All Leads' lead and to the agent
// who bought the lead on My Leads. Links open in a new tab and only ever point at http(s) addresses.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import type { ConsentEvidenceDto } from '#shared/api/consent.ts';
import { formatDateTime } from './date-time.ts';
import { FactsList } from './facts.tsx';

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

function Link({ url }: { url: string }) {
  return isWebAddress(url) ? (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
      {url}
    </Anchor>
  ) : (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {url}
    </Text>
  );
}

export function ConsentEvidence({ consent, timeZone }: { consent: ConsentEvidenceDto; timeZone: string | null }) {
  const fields: [string, React.ReactNode][] = [
    ['Consent Text Version', consent.TextVersion ?? 'Not given'],
    ['Agreed At', formatDateTime(consent.At, timeZone)],
    ['IP Address', consent.Ip],
    ['Page', consent.PageUrl ? <Link url={consent.PageUrl} /> : 'Not given'],
    ['Consent Certificate', consent.CertificateUrl ? <Link url={consent.CertificateUrl} /> : 'None sent'],
  ];
  return (
    <Stack gap="xs" component="section" aria-labelledby="consent-evidence-title">
      <Title order={3} size="h5" id="consent-evidence-title">
        Consent evidence
      </Title>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {consent.Text}
      </Text>
      <FactsList facts={fields} />
    </Stack>
  );
}
