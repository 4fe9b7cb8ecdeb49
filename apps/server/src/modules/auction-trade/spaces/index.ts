import { createSpacesContext, type AuctionDeps } from './context';
import { createSpaceDrafting } from './drafting';
import { createSpaceRegistration } from './register';
import { createSpaceReview } from './review';
import { createSpaceViews } from './views';

export { AUCTION_JOBS, AUCTION_ROUTES, AUCTION_TOPIC, emitStatus, registrationReference, spaceStateRefusal } from './context';
export type { AuctionDeps, AuctionPolicy } from './context';

/**
 * Auction spaces from draft to approval: an owner writes a space with its pieces, submits it and
 * may withdraw it before the start; the operator approves (the start and the closes are
 * scheduled then), rejects, suspends and resumes; companies register, freezing the deposit.
 * The commands live in files named for what they do; this joins them over one shared context.
 */
export function createAuctionSpacesService(deps: AuctionDeps) {
  const c = createSpacesContext(deps);
  return {
    ...createSpaceViews(c),
    ...createSpaceDrafting(c),
    ...createSpaceReview(c),
    ...createSpaceRegistration(c),
  };
}
export type AuctionSpacesService = ReturnType<typeof createAuctionSpacesService>;
