// The public entry of the tender-trade module: all that other modules, app.ts and db/ may import from it.
export { createTenderBidsService } from './tender-bids.service';
export { resealTenderRows, verifyTenderChains } from './tender-chain-check';
export { TENDER_JOBS } from './tender-core';
export type { TenderTradeDeps } from './tender-core';
export { createTenderTradeRepo } from './tender-trade.repo';
export { createTenderTradeService } from './tender-trade.service';
