import { describe, expect, it } from 'vitest';
import { addAllStates, addBid, type BidDto } from '#shared/campaign.ts';
import { US_STATES } from '#shared/lookups.ts';
import { clearStateBids, clearZipBids, removeBid, zipBidProblem } from './bid-rules.ts';

const state = (State: string, Bid: number): BidDto => ({ State, Bid, Zip: null });
const zip = (State: string, Zip: string, Bid: number): BidDto => ({ State, Bid, Zip });

describe('bid campaign rules', () => {
  it('choosing All adds every state at that bid, replacing a state that had one, keeping zip bids', () => {
    const bids = addAllStates([state('TX', 5), zip('TX', '75001', 9)], 12.5);
    expect(bids.filter((b) => !b.Zip)).toHaveLength(US_STATES.length);
    expect(bids.filter((b) => b.State === 'TX' && !b.Zip)).toEqual([state('TX', 12.5)]);
    expect(bids).toContainEqual(zip('TX', '75001', 9));
  });

  it('adding a state or a zip that already has a bid replaces its entry', () => {
    expect(addBid([state('TX', 5), state('OK', 4)], state('TX', 7))).toEqual([state('OK', 4), state('TX', 7)]);
    expect(addBid([zip('TX', '75001', 9)], zip('TX', '75001', 11))).toEqual([zip('TX', '75001', 11)]);
  });

  it('clearing states keeps zip bids, clearing zips keeps state bids, and one bid can be removed', () => {
    const all = [state('TX', 1), zip('TX', '75001', 2)];
    expect(clearStateBids(all)).toEqual([all[1]]);
    expect(clearZipBids(all)).toEqual([all[0]]);
    expect(removeBid(all, state('TX', 1))).toEqual([all[1]]);
  });

  it("a zip outside the chosen state is refused with 'Zip code entered is not valid for the current selected State.', an unknown zip with 'Invalid Zip Code'", () => {
    expect(zipBidProblem('TX', ['OK'])).toBe('Zip code entered is not valid for the current selected State.');
    expect(zipBidProblem('TX', [])).toBe('Invalid Zip Code');
    expect(zipBidProblem('TX', ['TX'])).toBeUndefined();
  });
});
