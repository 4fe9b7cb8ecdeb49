// The public entry of the tender-trade module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createTenderBidsService } from './bids';
export { resealTenderRows, verifyTenderChains } from './tender-chain-check';
export { TENDER_JOBS } from './opening';
export type { TenderTradeDeps } from './context';
export { createTenderTradeRepo } from './tender-trade.repo';
export { createTenderTradeService } from './tender-trade.service';
export { createTenderFigures } from './figures';
export type { TenderClosing, TenderFigures } from './figures';
