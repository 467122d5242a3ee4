// Channel and Dedupe (spec part 3 §3, §4, §9): the agent and broker boxes give the campaign's channel
// (neither: the default, value 1); the dedupe scope (default All) and days (default 30, at most 1000).
import { Checkbox, Group, Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { CAMPAIGN_LIMITS, channelFromFlags, DEDUPE_SCOPES, flagsOfChannel } from '#shared/campaign.ts';
import { DigitsInput } from '../digits-input.tsx';
import type { CampaignForm } from './form-types.ts';
import { Section } from './section.tsx';

const SCOPE_LABELS: Record<(typeof DEDUPE_SCOPES)[number], string> = {
  All: 'All',
  CampaignVendor: 'Campaign + Vendor',
  Campaign: 'Campaign',
  Vendor: 'Vendor',
  None: 'None',
};

export function ChannelSection({ form }: { form: CampaignForm }) {
  // The boxes are the form's own state: unticking both must show both unticked, though the channel
  // sent is then the default.
  const [flags, setFlags] = useState(() => flagsOfChannel(form.getValues().Campaign.Channel));
  const set = (next: typeof flags) => {
    setFlags(next);
    form.setFieldValue('Campaign.Channel', channelFromFlags(next.AgentChannel, next.BrokerChannel));
  };
  return (
    <Section title="Channel">
      <Group gap="lg">
        <Checkbox label="Agent (Captive)" checked={flags.AgentChannel} onChange={(e) => set({ ...flags, AgentChannel: e.currentTarget.checked })} />
        <Checkbox label="Broker" checked={flags.BrokerChannel} onChange={(e) => set({ ...flags, BrokerChannel: e.currentTarget.checked })} />
      </Group>
    </Section>
  );
}

export function DedupeSection({ form }: { form: CampaignForm }) {
  return (
    <Section title="Dedupe">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Scope"
          data={DEDUPE_SCOPES.map((s) => ({ value: s, label: SCOPE_LABELS[s] }))}
          allowDeselect={false}
          {...form.getInputProps('Campaign.DedupeScope')}
        />
        <DigitsInput label="Days" withAsterisk maxDigits={4} max={CAMPAIGN_LIMITS.dedupeDaysMax} {...form.getInputProps('Campaign.DedupeDays')} />
      </SimpleGrid>
    </Section>
  );
}
