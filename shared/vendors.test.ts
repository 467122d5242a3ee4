import { describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, campaignVendorSchema } from './campaign.ts';
import { campaignPickSchema } from './vendors.ts';

const messageOf = (VendorPrice: unknown) => {
  const parsed = campaignPickSchema.safeParse({ CampaignId: 'C1', VendorPrice });
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe('a Select Campaigns pick', () => {
  it.each([0, 12.5, 999.99, 100_000, 999_999])('takes the price %j, 6 characters at most (part 3 §5)', (price) => {
    expect(messageOf(price)).toBeNull();
  });

  // 1e21 and 1e-9 are 5 and 4 characters as text; the server's conversion to cents refuses their exponent form (it answered 500).
  it.each([1_000_000, 1234.56, 12.345, -1, 1e21, 2e22, 1e-9, 5e-7])('refuses the price %j with the campaign form’s price message', (price) => {
    expect(messageOf(price)).toEqual([CAMPAIGN_MESSAGES.priceFormat]);
  });

  it("needs a price ('Vendor price is required') and a campaign ('A campaign is required')", () => {
    expect(messageOf(null)).toEqual([CAMPAIGN_MESSAGES.vendorPriceRequired]);
    const parsed = campaignPickSchema.safeParse({ CampaignId: '', VendorPrice: 10 });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual([CAMPAIGN_MESSAGES.campaignRequired]);
  });

  it('takes exactly the prices POST campaignVendors takes', () => {
    for (const price of [0, 0.5, 99_999, 100_000, 999_999, 1_000_000, 1234.56, 9999.9, 12.345]) {
      const pick = campaignPickSchema.safeParse({ CampaignId: 'C1', VendorPrice: price }).success;
      const post = campaignVendorSchema.safeParse({ CampaignId: 'C1', VendorId: 'V1', VendorPrice: price, CheckEbureau: false }).success;
      expect(pick, String(price)).toBe(post);
    }
  });
});
