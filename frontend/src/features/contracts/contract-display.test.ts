import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES } from '#shared/contracts.ts';
import { campaignChoices, cardMessages, contractCardErrors, timestampText } from './contract-display.ts';

const saved = [
  { ContractKey: 'k1', ContractID: 'MCE-1001' },
  { ContractKey: 'k2', ContractID: 'HWI-2040' },
];
const values = { ContractName: 'Desk', ContractID: 'NEW-1', CampaignID: 'c1', F9List: '' };

describe('timestampText', () => {
  it('shows a dash for an empty time, an unreadable one and one in year 1', () => {
    expect(timestampText('')).toBe('-');
    expect(timestampText(undefined)).toBe('-');
    expect(timestampText('not a date')).toBe('-');
    expect(timestampText('0001-01-01T00:00:00Z')).toBe('-');
  });

  it('shows any other time as M/D/YYYY, h:mm:ss A in Central time', () => {
    expect(timestampText('2026-03-05T18:04:09.000Z')).toBe('3/5/2026, 12:04:09 PM');
  });
});

describe('contractCardErrors', () => {
  it("says 'Missing required fields.' for an empty name, Contract ID or campaign, and nothing for an empty list id", () => {
    const errors = contractCardErrors({ ContractName: ' ', ContractID: '', CampaignID: '', F9List: '' }, '', saved);
    expect(errors).toEqual({
      ContractName: CONTRACT_MESSAGES.missingFields,
      ContractID: CONTRACT_MESSAGES.missingFields,
      CampaignID: CONTRACT_MESSAGES.missingFields,
    });
    expect(cardMessages(errors)).toEqual([CONTRACT_MESSAGES.missingFields]);
  });

  it("says 'Duplicate Campaign ID.' when another map has the Contract ID, whatever its case or spaces", () => {
    expect(contractCardErrors({ ...values, ContractID: ' mce-1001 ' }, '', saved)).toEqual({ ContractID: CONTRACT_MESSAGES.duplicateContractId });
  });

  it('lets a map keep its own Contract ID', () => {
    expect(contractCardErrors({ ...values, ContractID: 'MCE-1001' }, 'k1', saved)).toEqual({});
  });
});

describe('campaignChoices', () => {
  it('lists every campaign by name', () => {
    const campaign = (CampaignId: string, Name: string, Code: string) => ({ CampaignId, Name, Code }) as Parameters<typeof campaignChoices>[0][number];
    expect(campaignChoices([campaign('b', 'Medicare', 'MIB'), campaign('a', 'Health', 'HWL')])).toEqual([
      { value: 'a', label: 'Health' },
      { value: 'b', label: 'Medicare' },
    ]);
  });
});
