// The schedule preview calendar (spec part 2 §2 dialogs, §9): a week (Monday first, MON to SUN) or one
// day, hour by hour; blue when leads are received, white when they are rejected. Times are rounded
// down to the starting hour and a slot ending at 48 ends at 11:59:59 PM (scheduleBlocks). My Orders'
// Lead Delivery Schedule dialog and the wizards' schedule step both show it.
import { Box, Group, SegmentedControl, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { DAY_SHORT, DAYS, ORDER_WIZARD_TEXTS, type DayName } from '#shared/orders/order.ts';
import { scheduleBlocks } from '#shared/orders/step-schedule.ts';

export interface ScheduleSlot {
  StartSlot: number | null;
  EndSlot: number | null;
  Days: readonly DayName[];
}

export type ScheduleView = 'week' | 'day';

/** A received stretch of one day, in seconds from midnight: [start, end). */
export interface DayBlock {
  start: number;
  end: number;
}

/** Each day's received stretches, overlapping and touching slots merged, in time order. */
export function blocksByDay(slots: readonly ScheduleSlot[]): Record<DayName, DayBlock[]> {
  const byDay = Object.fromEntries(DAYS.map((d) => [d, [] as DayBlock[]])) as Record<DayName, DayBlock[]>;
  for (const block of scheduleBlocks(slots)) byDay[block.day].push({ start: block.startMinute * 60, end: block.endSecond });
  for (const day of DAYS) {
    const merged: DayBlock[] = [];
    for (const block of byDay[day].sort((a, b) => a.start - b.start)) {
      const last = merged.at(-1);
      if (last && block.start <= last.end + 1) last.end = Math.max(last.end, block.end);
      else merged.push({ ...block });
    }
    byDay[day] = merged;
  }
  return byDay;
}

/** "9:00 AM", "11:59:59 PM": seconds are shown only when there are any. */
export function timeOfDay(secondOfDay: number): string {
  const hours24 = Math.floor(secondOfDay / 3600) % 24;
  const minutes = Math.floor((secondOfDay % 3600) / 60);
  const seconds = secondOfDay % 60;
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const mm = String(minutes).padStart(2, '0');
  return `${hours12}:${mm}${seconds ? `:${String(seconds).padStart(2, '0')}` : ''} ${hours24 < 12 ? 'AM' : 'PM'}`;
}

export const blockText = (block: DayBlock) => `${timeOfDay(block.start)} to ${timeOfDay(block.end)}`;

const DAY_SECONDS = 24 * 3600;
const HOUR_HEIGHT = { week: 18, day: 26 } as const;
const HOURS = Array.from({ length: 24 }, (_, h) => h);
// Shade 8: white times written on it keep AA contrast.
const RECEIVED = 'var(--mantine-color-blue-8)';
const hourLabel = (h: number) => `${h % 12 === 0 ? 12 : h % 12} ${h < 12 ? 'AM' : 'PM'}`;

function DayColumn({ day, blocks, view, showTimes }: { day: DayName; blocks: DayBlock[]; view: ScheduleView; showTimes: boolean }) {
  const height = 24 * HOUR_HEIGHT[view];
  return (
    <Box
      pos="relative"
      h={height}
      style={{ flex: 1, minWidth: 0, background: 'white', borderLeft: '1px solid var(--mantine-color-gray-4)' }}
      data-day={day}
    >
      {HOURS.map((h) => (
        <Box key={h} pos="absolute" left={0} right={0} top={h * HOUR_HEIGHT[view]} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }} />
      ))}
      {blocks.map((block) => (
        <Box
          key={block.start}
          pos="absolute"
          left={1}
          right={1}
          top={(block.start / DAY_SECONDS) * height}
          h={Math.max(2, ((block.end - block.start) / DAY_SECONDS) * height)}
          data-received={blockText(block)}
          style={{ background: RECEIVED, borderRadius: 3, overflow: 'hidden' }}
        >
          {showTimes ? (
            <Text size="xs" c="white" fw={600} px={4}>
              {blockText(block)}
            </Text>
          ) : (
            <VisuallyHidden>
              {day} {blockText(block)}
            </VisuallyHidden>
          )}
        </Box>
      ))}
    </Box>
  );
}

function HourGutter({ view }: { view: ScheduleView }) {
  return (
    <Box w={40} pos="relative" h={24 * HOUR_HEIGHT[view]} aria-hidden style={{ flexShrink: 0 }}>
      {HOURS.filter((h) => view === 'day' || h % 3 === 0).map((h) => (
        <Text key={h} size="10px" c="dimmed" pos="absolute" top={h * HOUR_HEIGHT[view] - 2} right={4} lh={1}>
          {hourLabel(h)}
        </Text>
      ))}
    </Box>
  );
}

export interface ScheduleCalendarProps {
  slots: readonly ScheduleSlot[];
  /** Week view by default (2§2: the calendar starts in week view). */
  defaultView?: ScheduleView;
  /** An accessible name for the calendar (a page may show more than one). */
  label?: string;
}

export function ScheduleCalendar({ slots, defaultView = 'week', label = 'Lead delivery schedule' }: ScheduleCalendarProps) {
  const [view, setView] = useState<ScheduleView>(defaultView);
  const [day, setDay] = useState<DayName>('Monday');
  const byDay = blocksByDay(slots);
  const days: DayName[] = view === 'week' ? [...DAYS] : [day];

  return (
    <Stack gap="xs" role="group" aria-label={label} data-view={view}>
      <Group justify="space-between" gap="xs">
        <SegmentedControl
          size="xs"
          aria-label="Calendar view"
          value={view}
          onChange={(v) => setView(v as ScheduleView)}
          data={[
            { value: 'week', label: 'Week' },
            { value: 'day', label: 'Day' },
          ]}
        />
        <Group gap="sm" aria-label="Legend" role="list">
          <Group gap={4} role="listitem">
            <Box w={14} h={14} style={{ background: RECEIVED, borderRadius: 3 }} />
            <Text size="xs">Leads received</Text>
          </Group>
          <Group gap={4} role="listitem">
            <Box w={14} h={14} style={{ background: 'white', border: '1px solid var(--mantine-color-gray-5)', borderRadius: 3 }} />
            <Text size="xs">Leads rejected</Text>
          </Group>
        </Group>
      </Group>
      {view === 'day' && (
        <SegmentedControl
          size="xs"
          fullWidth
          aria-label="Day"
          value={day}
          onChange={(v) => setDay(v as DayName)}
          data={DAYS.map((d) => ({ value: d, label: DAY_SHORT[d] }))}
        />
      )}
      <Box style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}>
        <Group gap={0} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-4)' }}>
          <Box w={40} style={{ flexShrink: 0 }} />
          {days.map((d) => (
            <Text key={d} size="xs" fw={700} ta="center" py={4} style={{ flex: 1, minWidth: 0 }}>
              {DAY_SHORT[d]}
            </Text>
          ))}
        </Group>
        <Group gap={0} wrap="nowrap" align="flex-start" pt={6} pb={6}>
          <HourGutter view={view} />
          {days.map((d) => (
            <DayColumn key={d} day={d} blocks={byDay[d]} view={view} showTimes={view === 'day'} />
          ))}
        </Group>
      </Box>
      <Text size="xs" c="dimmed">
        {ORDER_WIZARD_TEXTS.scheduleNote}
      </Text>
    </Stack>
  );
}
