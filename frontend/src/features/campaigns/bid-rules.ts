// Bid Campaign rules the browser adds to the shared ones (shared/campaign.ts adds a bid or All states,
// replacing by state or zip): the clear buttons and the check of a zip against its state (part 3 §5, §8).
import { CAMPAIGN_MESSAGES, type BidDto } from '#shared/campaign.ts';

/** The state choice that stands for every state. */
export const ALL_STATES = 'All';

export const isZipBid = (bid: Pick<BidDto, 'Zip'>) => Boolean(bid.Zip);

export const clearStateBids = (bids: readonly BidDto[]): BidDto[] => bids.filter(isZipBid);
export const clearZipBids = (bids: readonly BidDto[]): BidDto[] => bids.filter((b) => !isZipBid(b));
export const removeBid = (bids: readonly BidDto[], gone: BidDto): BidDto[] => bids.filter((b) => !(b.State === gone.State && (b.Zip ?? '') === (gone.Zip ?? '')));

/**
 * Why a zip cannot be bid on in `state`, given the states the address look-up found it in;
 * undefined when it can.
 */
export function zipBidProblem(state: string, foundStates: readonly string[]): string | undefined {
  if (foundStates.length === 0) return CAMPAIGN_MESSAGES.invalidZip;
  if (!foundStates.includes(state)) return CAMPAIGN_MESSAGES.bidZipOutsideState;
  return undefined;
}
