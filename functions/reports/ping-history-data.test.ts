import { describe, expect, it } from 'vitest';
import { pingCsv, pingExportFileName, sortRows } from './ping-history-data.ts';

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
});
