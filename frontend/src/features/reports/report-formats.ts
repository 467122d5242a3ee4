// How the reports show days, times and money (part 3 §9): MM/DD/YYYY, times in the reporting zone
// (Central, the calendar the reports' days are counted in), dollars with a sign, commas and two decimals.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { COMPANY_TIME_ZONE } from '#shared/time-zones.ts';
import { formatDollars } from '@/components/money.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const reportDateTime = (iso: string) => dayjs(iso).tz(COMPANY_TIME_ZONE).format('MM/DD/YYYY h:mm:ss A');
export const reportDate = (iso: string | null) => (iso ? dayjs(iso).tz(COMPANY_TIME_ZONE).format('MM/DD/YYYY') : '');
export const reportMoney = (dollars: number | null) => (dollars === null ? '' : formatDollars(dollars));
