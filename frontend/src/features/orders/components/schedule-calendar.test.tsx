import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORDER_WIZARD_TEXTS } from '#shared/orders/order.ts';
import { renderWithProviders } from '@/testing/render.tsx';
import { blocksByDay, ScheduleCalendar, timeOfDay } from './schedule-calendar.tsx';

const received = (container: HTMLElement, day: string) =>
  [...container.querySelectorAll(`[data-day="${day}"] [data-received]`)].map((el) => el.getAttribute('data-received'));

describe('the schedule preview calendar', () => {
  it('shows the week Monday first, MON to SUN, with the rounding note', () => {
    renderWithProviders(<ScheduleCalendar slots={[]} />);
    const calendar = screen.getByRole('group', { name: 'Lead delivery schedule' });
    const heads = within(calendar).getAllByText(/^(MON|TUE|WED|THU|FRI|SAT|SUN)$/).map((el) => el.textContent);
    expect(heads).toEqual(['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN']);
    expect(within(calendar).getByText(ORDER_WIZARD_TEXTS.scheduleNote)).toBeTruthy();
    expect(within(calendar).getByText('Leads received')).toBeTruthy();
    expect(within(calendar).getByText('Leads rejected')).toBeTruthy();
  });

  it('marks received time in blue per day, a slot ending at 48 one second before midnight, start rounded down to the hour', () => {
    const { container } = renderWithProviders(
      <ScheduleCalendar slots={[{ StartSlot: 19, EndSlot: 48, Days: ['Monday', 'Wednesday'] }]} />,
    );
    expect(received(container, 'Monday')).toEqual(['9:00 AM to 11:59:59 PM']);
    expect(received(container, 'Tuesday')).toEqual([]);
    expect(received(container, 'Wednesday')).toEqual(['9:00 AM to 11:59:59 PM']);
    expect(screen.getByText('Monday 9:00 AM to 11:59:59 PM')).toBeTruthy();
  });

  it('day view shows one day at a time, its times written out', async () => {
    const { user, container } = renderWithProviders(
      <ScheduleCalendar slots={[{ StartSlot: 0, EndSlot: 16, Days: ['Friday'] }, { StartSlot: 26, EndSlot: 34, Days: ['Friday'] }]} />,
    );
    await user.click(screen.getByRole('radio', { name: 'Day' }));
    expect(container.querySelectorAll('[data-day]')).toHaveLength(1);
    expect(received(container, 'Monday')).toEqual([]);
    await user.click(screen.getByRole('radio', { name: 'FRI' }));
    expect(received(container, 'Friday')).toEqual(['12:00 AM to 8:00 AM', '1:00 PM to 5:00 PM']);
    expect(screen.getByText('1:00 PM to 5:00 PM')).toBeTruthy();
  });

  it('merges overlapping slots of a day and leaves invalid ones out', () => {
    const byDay = blocksByDay([
      { StartSlot: 2, EndSlot: 10, Days: ['Sunday'] },
      { StartSlot: 8, EndSlot: 20, Days: ['Sunday'] },
      { StartSlot: 30, EndSlot: 30, Days: ['Sunday'] },
      { StartSlot: null, EndSlot: 20, Days: ['Sunday'] },
    ]);
    expect(byDay.Sunday).toEqual([{ start: 3600, end: 36000 }]);
    expect(timeOfDay(86399)).toBe('11:59:59 PM');
    expect(timeOfDay(0)).toBe('12:00 AM');
  });
});
