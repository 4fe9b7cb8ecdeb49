import { TENDER_PERMISSION, TENDER_REVIEW_PERMISSION } from '@portal/contracts/tender-trade';
import { localized as l } from '@portal/contracts/constants';
import { tenderTrading } from './migrations/150-tender-trading';
import { defineModule } from '../../platform/module';
import { createSealer, sealKeySource } from '../../platform/sealing';
import { createTenderBidsService } from './bids';
import { TENDER_BID_FILES, type TenderTradeDeps } from './context';
import { TENDER_JOBS } from './opening';
import { createTenderTradeRepo } from './tender-trade.repo';
import { registerTenderTradeRoutes } from './tender-trade.routes';
import { createTenderTradeService } from './tender-trade.service';

/** Sealed tenders: bids sealed with a key kept outside the database until the timed opening. */
export const tenderTradeModule = defineModule({
  name: 'tender-trade',
  migrations: { '150-tender-trading': tenderTrading },
  title: l('招标', 'Tenders', '招標'),
  permissions: [
    { code: TENDER_PERMISSION, title: l('招标与投标', 'Tender and bid', '招標與投標') },
    { code: TENDER_REVIEW_PERMISSION, title: l('招标审核', 'Review tenders', '招標審核') },
  ],
  settings: ['TENDER_REVIEW', 'TENDER_MIN_VALID_BIDS', 'TENDER_MIN_NOTICE_SECONDS', 'TENDER_MIN_BIDDING_SECONDS'],
  services(ctx) {
    const s = ctx.settings;
    const auth = ctx.need('auth');
    const messages = ctx.need('messages');
    const files = ctx.need('files');
    const deps: TenderTradeDeps = {
      repo: createTenderTradeRepo(ctx.db, ctx.dialect),
      writes: ctx.writes,
      scheduler: ctx.scheduler,
      sealer: createSealer(sealKeySource(s)),
      orders: ctx.need('orders'),
      files,
      deposits: ctx.need('depositLedger'),
      notifyCompany: messages.notifyCompany,
      notifyUsers: messages.notifyUsers,
      isReviewer: async (userId) => (await auth.permissionsOf(userId)).has(TENDER_REVIEW_PERMISSION),
      policy: {
        review: s.TENDER_REVIEW,
        minValidBids: s.TENDER_MIN_VALID_BIDS,
        minNoticeSeconds: s.TENDER_MIN_NOTICE_SECONDS,
        minBiddingSeconds: s.TENDER_MIN_BIDDING_SECONDS,
      },
      now: ctx.now,
    };
    const bids = createTenderBidsService(deps);
    files.defineScope(TENDER_BID_FILES, { readers: bids.fileReaders });
    return { tenders: createTenderTradeService(deps), bids };
  },
  jobs: ({ tenders }) => ({
    [TENDER_JOBS.close]: (trx, job, emit) => tenders.closeJob(trx, job.key, emit),
    [TENDER_JOBS.open]: (trx, job, emit) => tenders.openJob(trx, job.key, emit),
    [TENDER_JOBS.negotiationClose]: (trx, job, emit) => tenders.negotiationCloseJob(trx, job.key, emit),
  }),
  routes: (app, { tenders, bids }, ctx) => registerTenderTradeRoutes(app, { access: ctx.need('access'), tenders, bids }),
});
