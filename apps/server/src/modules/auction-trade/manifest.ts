import { AUCTION_PERMISSION, AUCTION_REVIEW_PERMISSION } from '@portal/contracts/auction-trade';
import { localized as l } from '@portal/contracts/constants';
import { auctionTenderMenus } from './migrations/140-auction-tender-menus';
import { auctionTrading } from './migrations/141-auction-trading';
import { auctionDeskRead } from './migrations/142-auction-desk-read';
import { defineModule } from '../../platform/module';
import { createAuctionBiddingService } from './bidding';
import { AUCTION_JOBS, createAuctionSpacesService } from './spaces';
import { createAuctionStreams, type AuctionStreams } from './auction-stream';
import { createAuctionTradeRepo } from './auction-trade.repo';
import { registerAuctionTradeRoutes } from './auction-trade.routes';

declare module '../../platform/module' {
  interface ProvidedServices {
    /** The open auction room streams of this server. */
    auctionStreams: AuctionStreams;
  }
}

/** Auctions: spaces and their review, registration, live bidding, closes and results. */
export const auctionTradeModule = defineModule({
  name: 'auction-trade',
  // The auction and tender menus and permission codes arrived in one migration.
  migrations: {
    '140-auction-tender-menus': auctionTenderMenus,
    '141-auction-trading': auctionTrading,
    '142-auction-desk-read': auctionDeskRead,
  },
  title: l('竞价', 'Auctions', '競價'),
  permissions: [
    { code: AUCTION_PERMISSION, title: l('发布竞价、报名与出价', 'Publish auctions, register and bid', '發佈競價、報名與出價') },
    { code: AUCTION_REVIEW_PERMISSION, title: l('竞价审核与暂停', 'Review and suspend auctions', '競價審核與暫停') },
  ],
  settings: [
    'AUCTION_DELAY_WINDOW_SECONDS',
    'AUCTION_DELAY_SECONDS',
    'AUCTION_BIDS_PER_SECOND',
    'AUCTION_RESERVE_DECISION_HOURS',
    'AUCTION_MIN_NOTICE_MINUTES',
    'AUCTION_MIN_BIDDING_SECONDS',
    'SSE_HEARTBEAT_SECONDS',
  ],
  services(ctx) {
    const s = ctx.settings;
    const deps = {
      repo: createAuctionTradeRepo(ctx.db),
      writes: ctx.writes,
      scheduler: ctx.scheduler,
      deposits: ctx.need('depositLedger'),
      notifyCompany: ctx.need('messages').notifyCompany,
      policy: {
        delayWindowSec: s.AUCTION_DELAY_WINDOW_SECONDS,
        delaySec: s.AUCTION_DELAY_SECONDS,
        bidsPerSecond: s.AUCTION_BIDS_PER_SECOND,
        reserveDecisionHours: s.AUCTION_RESERVE_DECISION_HOURS,
        minNoticeMinutes: s.AUCTION_MIN_NOTICE_MINUTES,
        minBiddingSeconds: s.AUCTION_MIN_BIDDING_SECONDS,
      },
      now: ctx.now,
    };
    const orders = ctx.need('orders');
    const spaces = createAuctionSpacesService(deps);
    const bidding = createAuctionBiddingService({ ...deps, orders, limiter: ctx.limiter, permissionsOf: ctx.need('auth').permissionsOf });
    const streams: AuctionStreams = createAuctionStreams({
      meter: ctx.metrics.stream('auction', () => streams.count()),
      events: ctx.events,
      bidding,
      heartbeatMs: s.SSE_HEARTBEAT_SECONDS * 1000,
      now: ctx.now,
      onError: (err) => ctx.app.log.error({ err }, 'auction stream: filling a gap failed'),
    });
    ctx.app.addHook('preClose', async () => streams.close());
    return { orders, spaces, bidding, streams };
  },
  provides: ({ streams }) => ({ auctionStreams: streams }),
  jobs: ({ bidding }) => ({
    [AUCTION_JOBS.start]: (trx, job, emit) => bidding.start(trx, job, emit),
    [AUCTION_JOBS.close]: (trx, job, emit) => bidding.close(trx, job, emit),
    [AUCTION_JOBS.reserveDeadline]: (trx, job, emit) => bidding.reserveDeadline(trx, job, emit),
  }),
  routes: (app, { spaces, bidding, streams }, ctx) =>
    registerAuctionTradeRoutes(app, { access: ctx.need('access'), spaces, bidding, streams, metrics: ctx.metrics }),
  // An auction's order, once finished, settles the auction's deposits.
  listeners: ({ orders, bidding }) => orders.onFinished('auction', (trx, order, emit) => bidding.orderFinished(trx, order, emit)),
});
