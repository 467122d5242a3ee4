// Review Order (spec part 2 §2): the order summary, one section per step with an Edit link back to it.
// Regions name what was chosen (states; zips, SCF areas, radius and city entries), the first few shown
// and the rest behind '+N more'; a slot ending at the end of the day reads as the schedule calendar
// shows it (11:59:59 PM, 2§9), not as the next midnight.
import { Anchor, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { CampaignVendorRecordDto } from '#shared/api/campaigns.ts';
import type { FillRateBody } from '#shared/api/fill-rate.ts';
import type { FundDto } from '#shared/api/funds.ts';
import { DAY_SHORT, DAYS, slotLabel } from '#shared/orders/order.ts';
import { distinctZips } from '#shared/orders/step-regions.ts';
import { slotEndSecond } from '#shared/orders/step-schedule.ts';
import { timeOfDay } from '../components/schedule-calendar.tsx';
import { FillRatePreview } from './fill-rate-preview.tsx';
import { MANUAL_GROUP } from './regions-step.tsx';
import { fundNames, type FundRef } from './funds-step.tsx';
import { numberOf, normalisedCap, type Flow, type OrderDraft, type Owner, type StepDef, type StepId } from '../wizard/order-draft.ts';

interface ReviewStepProps {
  draft: OrderDraft;
  flow: Flow;
  steps: readonly StepDef[];
  owner: Owner;
  funds: readonly FundDto[];
  /** The edited order's funds as stored (2§3), which name a fund no longer in the caller's list. */
  orderFunds?: readonly FundRef[] | undefined;
  records: readonly CampaignVendorRecordDto[];
  onEdit: (index: number) => void;
  /** The draft as the fill-rate preview reads it (issue 12); the estimate shows below the summary. */
  fillRate?: FillRateBody | undefined;
}

const capText = (text: string) => (normalisedCap(text) > 0 ? String(normalisedCap(text)) : 'No limit');

/** How many states or region entries show before '+N more'. */
export const REVIEW_ENTRIES_SHOWN = 5;

/** The zip-mode entries: each typed zip, and every other group (SCF area, radius, city or county) with its count. */
export function regionEntries(groups: OrderDraft['ZipCodes']): string[] {
  return groups.flatMap((g) =>
    g.Key === MANUAL_GROUP ? g.ZipCodes.map((z) => z.ZipCode) : [`${g.Key} (${g.ZipCodes.length} zip code${g.ZipCodes.length === 1 ? '' : 's'})`],
  );
}

/** The first few of `items`, with a control that shows the rest ('+N more') and hides them again. */
function FirstFew({ items, render }: { items: readonly string[]; render: (shown: readonly string[]) => ReactNode }) {
  const [all, setAll] = useState(false);
  const hidden = items.length - REVIEW_ENTRIES_SHOWN;
  return (
    <Stack gap={2} align="flex-start">
      {render(all || hidden <= 0 ? items : items.slice(0, REVIEW_ENTRIES_SHOWN))}
      {hidden > 0 && (
        <Anchor component="button" type="button" size="sm" aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? 'Show fewer' : `+${hidden} more`}
        </Anchor>
      )}
    </Stack>
  );
}

export function ReviewStep({ draft, flow, steps, owner, funds, orderFunds, records, onEdit, fillRate }: ReviewStepProps) {
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
  const fundName = fundNames(funds, orderFunds);
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
              <List.Item key={id}>{fundName(id)}</List.Item>
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
          <FirstFew items={draft.States.map((s) => s.StateName || s.StateAbbreviation)} render={(shown) => <Text size="sm">States: {shown.join(', ')}</Text>} />
        ) : (
          <Stack gap={2}>
            <Text size="sm">
              {zips.length} zip code{zips.length === 1 ? '' : 's'}
            </Text>
            <FirstFew
              items={regionEntries(draft.ZipCodes)}
              render={(shown) => (
                <List size="sm" aria-label="Regions">
                  {shown.map((entry) => (
                    <List.Item key={entry}>{entry}</List.Item>
                  ))}
                </List>
              )}
            />
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
              {s.StartSlot === null ? '?' : slotLabel(s.StartSlot)} to {s.EndSlot === null ? '?' : timeOfDay(slotEndSecond(s.EndSlot))}:{' '}
              {DAYS.filter((d) => s.Days.includes(d)).map((d) => DAY_SHORT[d]).join(' ')}
            </List.Item>
          ))}
        </List>,
      )}
      {fillRate && <FillRatePreview agentId={owner.AgentId} body={fillRate} />}
    </Stack>
  );
}
