// Review Order (spec part 2 §2): the order summary, one section per step with an Edit link back to it.
import { Anchor, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { CampaignVendorRecordDto } from '#shared/api/campaigns.ts';
import type { FillRateBody } from '#shared/api/fill-rate.ts';
import type { FundDto } from '#shared/api/funds.ts';
import { DAY_SHORT, DAYS, slotLabel } from '#shared/orders/order.ts';
import { distinctZips } from '#shared/orders/step-regions.ts';
import { FillRatePreview } from './fill-rate-preview.tsx';
import { numberOf, normalisedCap, type Flow, type OrderDraft, type Owner, type StepDef, type StepId } from '../wizard/order-draft.ts';

interface ReviewStepProps {
  draft: OrderDraft;
  flow: Flow;
  steps: readonly StepDef[];
  owner: Owner;
  funds: readonly FundDto[];
  records: readonly CampaignVendorRecordDto[];
  onEdit: (index: number) => void;
  /** The draft as the fill-rate preview reads it (issue 12); the estimate shows below the summary. */
  fillRate?: FillRateBody | undefined;
}

const capText = (text: string) => (normalisedCap(text) > 0 ? String(normalisedCap(text)) : 'No limit');

export function ReviewStep({ draft, flow, steps, owner, funds, records, onEdit, fillRate }: ReviewStepProps) {
  const section = (id: StepId, body: ReactNode) => {
    const index = steps.findIndex((s) => s.id === id);
    const title = steps[index]!.title;
    return (
      <Paper key={id} withBorder p="sm" component="section" aria-labelledby={`review-${id}`}>
        <Group justify="space-between" gap="xs" mb={4}>
          <Title order={3} size="h5" id={`review-${id}`}>
            {title}
          </Title>
          <Anchor component="button" type="button" size="sm" onClick={() => onEdit(index)} aria-label={`Edit ${title}`}>
            Edit
          </Anchor>
        </Group>
        {body}
      </Paper>
    );
  };
  const fundName = new Map(funds.map((f) => [f.FundId, f.Name]));
  const record = new Map(records.map((r) => [r.Campaign.CampaignId, r]));
  const zips = distinctZips(draft.ZipCodes);

  return (
    <Stack gap="sm" aria-label="Order summary">
      {section('name', <Text size="sm">{draft.Description}</Text>)}
      {flow === 'fund' &&
        section(
          'funds',
          <List size="sm">
            {draft.SelectedFunds.map((id) => (
              <List.Item key={id}>{fundName.get(id) ?? id}</List.Item>
            ))}
          </List>,
        )}
      {flow === 'campaign' &&
        section(
          'campaigns',
          <List size="sm">
            {draft.Campaigns.map((c) => (
              <List.Item key={c.CampaignId}>{record.get(c.CampaignId)?.Campaign.Name ?? c.CampaignId}</List.Item>
            ))}
          </List>,
        )}
      {flow === 'campaign' &&
        section(
          'vendors',
          <List size="sm">
            {draft.Campaigns.map((c) => {
              const r = record.get(c.CampaignId);
              const names = c.VendorIds.map((v) => r?.Vendors.find((x) => x.VendorId === v)?.Name ?? v);
              return (
                <List.Item key={c.CampaignId}>
                  {r?.Campaign.Name ?? c.CampaignId}: {names.join(', ')}
                </List.Item>
              );
            })}
          </List>,
        )}
      {section(
        'regions',
        draft.StatesOnly ? (
          <Text size="sm">States: {draft.States.map((s) => s.StateName || s.StateAbbreviation).join(', ')}</Text>
        ) : (
          <Stack gap={2}>
            <Text size="sm">
              {zips.length} zip code{zips.length === 1 ? '' : 's'}
            </Text>
            <Text size="sm" c="dimmed">
              {draft.ZipCodes.map((g) => `${g.Key} (${g.ZipCodes.length})`).join(', ')}
            </Text>
          </Stack>
        ),
      )}
      {section(
        'frequency',
        <Text size="sm">
          Hourly {capText(draft.MaxPerHour)} · Daily {capText(draft.MaxPerDay)} · Weekly {capText(draft.MaxPerWeek)} · Monthly {capText(draft.MaxPerMonth)}
        </Text>,
      )}
      {section(
        'distribution',
        <List size="sm">
          {draft.OrderRecipients.filter((r) => numberOf(r.Percentage) > 0).map((r) => (
            <List.Item key={r.AgentId}>
              {r.AgentId === owner.AgentId ? `${owner.FirstName} ${owner.LastName}` : `${r.FirstName} ${r.LastName}`.trim() || r.AgentId}: {numberOf(r.Percentage)}%
            </List.Item>
          ))}
        </List>,
      )}
      {section(
        'schedule',
        <List size="sm">
          {draft.OrderTimeSlots.map((s) => (
            <List.Item key={s.key}>
              {s.StartSlot === null ? '?' : slotLabel(s.StartSlot)} to {s.EndSlot === null ? '?' : slotLabel(s.EndSlot)}:{' '}
              {DAYS.filter((d) => s.Days.includes(d)).map((d) => DAY_SHORT[d]).join(' ')}
            </List.Item>
          ))}
        </List>,
      )}
      {fillRate && <FillRatePreview agentId={owner.AgentId} body={fillRate} />}
    </Stack>
  );
}
