import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { pingCsv, pingExportFileName, reportTime, sortRows } from './ping-history-report.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

const row = (over: Partial<Parameters<typeof pingCsv>[0][number]>) => ({
  Timestamp: '2026-05-01T14:05:09.000Z', CallerId: '4145550100', BidAmount: null, VendorCode: 'SUMMIT', CampaignCode: 'HLT', StateCode: 'WI', ZipCode: '53202', ErrorMessages: '', ...over,
});

describe('Ping History rows', () => {
  it('sort by bid with no bid lowest, ties in time order', () => {
    const rows = [row({ BidAmount: 35, Timestamp: '2026-05-01T10:00:00.000Z' }), row({ Timestamp: '2026-05-01T09:00:00.000Z' }), row({ BidAmount: 35, Timestamp: '2026-05-01T08:00:00.000Z' })];
    expect(sortRows(rows, { sortColumnName: 'BidAmount', sortOrder: 'desc' }).map((r) => r.Timestamp.slice(11, 13))).toEqual(['08', '10', '09']);
    expect(sortRows(rows, { sortColumnName: 'BidAmount', sortOrder: 'asc' }).map((r) => r.BidAmount)).toEqual([null, 35, 35]);
  });

  it('export with the time as MM/DD/YYYY in Central, money with a dollar sign, and formulae defused', () => {
    const csv = pingCsv([row({ BidAmount: 1234.5, ErrorMessages: '=HYPERLINK("x")' })]).split('\r\n');
    expect(csv[0]).toBe('Timestamp,CallerId,BidAmount,VendorCode,CampaignCode,StateCode,ZipCode,ErrorMessages');
    expect(csv[1]).toBe('05/01/2026 9:05:09 AM,4145550100,"$1,234.50",SUMMIT,HLT,WI,53202,"\'=HYPERLINK(""x"")"');
  });

  it('name the file by subject and the day of the export', () => {
    expect(pingExportFileName({ startDate: '2026-05-01', endDate: '2026-05-02', campaignCode: 'HLT', vendorCode: 'SUMMIT' }, new Date('2026-05-03T03:00:00Z'))).toBe('PingHistory-HLT-SUMMIT-05-02-2026.csv');
    expect(pingExportFileName({ startDate: '2026-05-01', endDate: '2026-05-02', campaignCode: 'HLT', vendorCode: 'Acme "Leads"' }, new Date('2026-05-03T03:00:00Z'))).toBe('PingHistory-HLT-Acme__Leads_-05-02-2026.csv');
  });

  it('write the export time as dayjs does in Central, across both DST changes, midnight and noon', () => {
    const starts = ['2026-03-07T00:00:00.000Z', '2026-10-31T00:00:00.000Z', '2026-12-31T00:00:00.000Z'];
    for (const start of starts)
      for (let t = Date.parse(start); t < Date.parse(start) + 3 * 86_400_000; t += 7 * 60_000 + 13_001) {
        const iso = new Date(t).toISOString();
        expect(reportTime(iso), iso).toBe(dayjs(iso).tz('America/Chicago').format('MM/DD/YYYY h:mm:ss A'));
      }
  });
});
