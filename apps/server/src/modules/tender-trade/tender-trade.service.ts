import { createTenderAward } from './award';
import { createTenderChecks } from './checks';
import { createTenderContext, type TenderTradeDeps } from './context';
import { createTenderEvaluation } from './evaluation';
import { createTenderOpening } from './opening';
import { createTenderPublishing } from './publishing';
import { createTenderViews } from './views';

/**
 * The buyer's tender from draft to award, the operator's review, and the timed close, opening and
 * end of the negotiation round. Prices exist in the database only as ciphertext until the opening;
 * nothing before it (answers, logs, messages, events) carries one. The commands live in files
 * named for what they do; this joins them over one shared context.
 */
export function createTenderTradeService(deps: TenderTradeDeps) {
  const c = createTenderContext(deps);
  const views = createTenderViews(c);
  const checks = createTenderChecks(c);
  const opening = createTenderOpening(c);
  const { myPage, reviewPage, detail, bids } = views;
  const { closeJob, openJob, negotiationCloseJob } = opening;
  return {
    ...createTenderPublishing(c, views, checks, opening),
    myPage,
    reviewPage,
    detail,
    bids,
    ...createTenderEvaluation(c, views, opening),
    ...createTenderAward(c, views),
    closeJob,
    openJob,
    negotiationCloseJob,
  };
}
export type TenderTradeService = ReturnType<typeof createTenderTradeService>;
