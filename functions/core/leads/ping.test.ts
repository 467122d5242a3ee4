import { describe, expect, it } from 'vitest';
import { bidFor } from './ping.ts';

const bids = [
  { state: 'WI', zip: '', bidCents: 3500 },
  { state: 'WI', zip: '53202', bidCents: 4200 },
  { state: 'MN', zip: '55401', bidCents: 0 },
  { state: 'MN', zip: '', bidCents: 3000 },
];

describe("a live-transfer ping's bid", () => {
  it("is the zip's entry when the campaign has one for the caller's zip", () => {
    expect(bidFor(bids, 'WI', '53202')).toBe(4200);
  });

  it("is the state's entry for another zip of the state", () => {
    expect(bidFor(bids, 'WI', '53203')).toBe(3500);
  });

  it('is none for a state without an entry, and a zero entry is no bid', () => {
    expect(bidFor(bids, 'IL', '60601')).toBeUndefined();
    expect(bidFor(bids, 'MN', '55401')).toBeUndefined();
  });
});
