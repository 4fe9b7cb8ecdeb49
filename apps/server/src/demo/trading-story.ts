import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createFilesRepo } from '../modules/files';
import { TENDER_JOBS } from '../modules/tender-trade';
import type { KvStore } from '../platform/kv';
import { createSessions } from '../platform/sessions';
import type { Db } from '../db/database';
import { pictureId } from './trading';
import { productPicture } from './trading-pictures';

/** What the story left behind, for the start log and the test. */
export interface StoryOutcome {
  /** False when the listing and order calls are not served (an older build): only deposits were made. */
  trading: boolean;
  orders: Record<string, string>;
  listings: Record<string, string>;
  /** Tender ids by role: `live` (taking bids), `opened` (bids opened, waiting for evaluation). */
  tenders: Record<string, string>;
}

interface Answer {
  return_code: string;
  error_info: string;
  data: unknown;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The error code of a path the server does not serve. */
const ROUTE_NOT_FOUND = '100005';

type Account = 'admin' | 'buyer01' | 'buyer02' | 'buyer03' | 'supplier01' | 'supplier02' | 'supplier03';
const ACCOUNTS: Account[] = ['admin', 'buyer01', 'buyer02', 'buyer03', 'supplier01', 'supplier02', 'supplier03'];

/** Order life cycles the story plays, as the calls that lead from state 1 to the wanted state. */
const PATH_TO: Record<string, Array<{ as: 'buyer' | 'seller'; call: string; note?: string; voucher?: boolean; waybill?: boolean }>> = {
  s1: [],
  s2: [{ as: 'seller', call: 'confirm', note: '已确认，请按约定付款' }],
  s3: [
    { as: 'seller', call: 'confirm' },
    { as: 'buyer', call: 'pay', note: '已通过网银付款', voucher: true },
  ],
  s4: [
    { as: 'seller', call: 'confirm' },
    { as: 'buyer', call: 'pay', voucher: true },
    { as: 'seller', call: 'confirmPayment', note: '货款已到账' },
  ],
  s5: [
    { as: 'seller', call: 'confirm' },
    { as: 'buyer', call: 'pay', voucher: true },
    { as: 'seller', call: 'confirmPayment' },
    { as: 'seller', call: 'ship', note: '已装车发运', waybill: true },
  ],
  s6: [
    { as: 'seller', call: 'confirm' },
    { as: 'buyer', call: 'pay', voucher: true },
    { as: 'seller', call: 'confirmPayment' },
    { as: 'seller', call: 'ship', waybill: true },
    { as: 'buyer', call: 'receive', note: '货物已验收入库' },
  ],
  cancelledByBuyer: [{ as: 'buyer', call: 'cancel', note: '采购计划调整，取消订单' }],
  refusedBySeller: [{ as: 'seller', call: 'refuse', note: '该批次库存已预留给长协客户' }],
};

/**
 * The demo's trading history, made through the running server's own calls right after the demo
 * data was loaded into an empty database: operators record the companies' deposits, suppliers
 * publish listings that operators review, buyers order and both sides move the orders on. So every
 * rule holds for the demo (stock, deposits frozen and released, timelines, messages, the ledger)
 * and supplier01 and buyer01 each find an order waiting for them in every state. The only thing
 * not done through a call is time passing: one listing's approval is moved 31 days back, and two
 * orders' payment deadlines into the past, so the scheduler and the seller act as they would have.
 */
export async function runTradingStory(d: { app: FastifyInstance; db: Db; kv: KvStore; now: () => Date }): Promise<StoryOutcome> {
  const { app, db } = d;
  // Sessions of the story's own terminal: they do not end anyone's sign-in and end with the story.
  const sessions = createSessions(d.kv, { idleMs: 3_600_000, absoluteMs: 3_600_000, lockIdleMs: 0, concurrent: true });
  const users = await db.selectFrom('users').select(['id', 'account', 'company_id']).where('account', 'in', ACCOUNTS).execute();
  const userId = new Map(users.map((u) => [u.account, u.id]));
  const companyOf = new Map(users.map((u) => [u.account, u.company_id]));
  const tokens = new Map<Account, string>();
  const opened: Awaited<ReturnType<typeof sessions.create>>[] = [];
  for (const account of ACCOUNTS) {
    const session = await sessions.create({ userId: userId.get(account)!, account, terminal: 'demo-story', ip: '127.0.0.1' });
    tokens.set(account, session.token);
    opened.push(session);
  }

  const ask = async (as: Account, path: string, payload: object): Promise<Answer> => {
    const res = await app.inject({ method: 'POST', url: path, payload, headers: { token: tokens.get(as)! } });
    return res.json() as Answer;
  };
  const call = async <T>(as: Account, path: string, payload: object): Promise<T> => {
    const answer = await ask(as, path, payload);
    if (answer.return_code !== '0') throw new Error(`demo story: ${path} as ${as} was refused: ${answer.error_info}`);
    return answer.data as T;
  };

  const outcome: StoryOutcome = { trading: false, orders: {}, listings: {}, tenders: {} };

  /**
   * buyer01 publishes a tender through the calls, open for bids for a week: the suppliers on its
   * list get the "new tender" message and can bid at once. Skipped by a build without tenders.
   */
  const liveTender = async () => {
    const at = d.now().getTime();
    const draft = await ask('buyer01', '/purchase/ws/tender/save', {
      tenderName: '华北化工2026年第四季度电煤集中采购招标（演示）',
      tenderType: 'bidding',
      paymentType: 2,
      contactName: '李明',
      contactPhone: '0311-86650001',
      description: '<p>华北化工集团现就电煤进行集中采购招标，欢迎供应商名单内的企业参与；报价含税含运费。</p>',
      bidBeginTime: new Date(at).toISOString(),
      bidEndTime: new Date(at + 7 * 24 * HOUR_MS).toISOString(),
      evaluationMethod: 'scoring',
      priceWeight: 70,
      minValidBids: 2,
      lines: [
        {
          goodsName: '动力煤 Q5500',
          specification: '低位发热量≥5500kcal/kg，全硫≤0.8%',
          quantity: 30000,
          unit: '吨',
          deliveryPlace: '河北石家庄',
          deliveryDate: new Date(at + 40 * 24 * HOUR_MS).toISOString().slice(0, 10),
        },
        {
          goodsName: '动力煤 Q5000',
          specification: '低位发热量≥5000kcal/kg',
          quantity: 12000,
          unit: '吨',
          deliveryPlace: '河北唐山',
          deliveryDate: new Date(at + 70 * 24 * HOUR_MS).toISOString().slice(0, 10),
        },
      ],
    });
    if (draft.return_code === ROUTE_NOT_FOUND) return;
    if (draft.return_code !== '0') throw new Error(`demo story: the tender draft was refused: ${draft.error_info}`);
    await call('buyer01', '/purchase/ws/tender/publish', { id: (draft.data as { id: string }).id });
    outcome.tenders.live = (draft.data as { id: string }).id;
  };

  /**
   * buyer01's inquiry whose bids are open and wait for its evaluation: published through the calls,
   * bid on by supplier01 and supplier02, then time passes (its end is moved to just after the last
   * bid, as the orders' deadlines are) and the scheduler closes it and opens the sealed bids.
   */
  const openedTender = async () => {
    const at = d.now().getTime();
    const day = (n: number) => new Date(at + n * DAY_MS).toISOString().slice(0, 10);
    const draft = await call<{ id: string }>('buyer01', '/purchase/ws/tender/save', {
      tenderName: '华北化工2026年12月尿素询价采购（已开标，演示）',
      tenderType: 'inquiry',
      paymentType: 1,
      contactName: '李明',
      contactPhone: '0311-86650001',
      description: '<p>大颗粒尿素询价，<strong>含税到厂价</strong>；请注明交货批次。</p>',
      bidBeginTime: new Date(at).toISOString(),
      bidEndTime: new Date(at + DAY_MS).toISOString(),
      evaluationMethod: 'lowest',
      minValidBids: 2,
      lines: [
        {
          goodsName: '大颗粒尿素 46%',
          specification: '总氮≥46.0%，缩二脲≤0.9%',
          quantity: 2000,
          unit: '吨',
          deliveryPlace: '河北石家庄',
          deliveryDate: day(30),
        },
      ],
    });
    await call('buyer01', '/purchase/ws/tender/publish', { id: draft.id });
    const offer = (unitPrice: number, quantity: number, remark: string) => ({
      tenderId: draft.id,
      lines: [{ lineNo: 1, unitPrice, quantity, deliveryDate: day(25) }],
      remark,
      fileIds: [],
    });
    await call('supplier01', '/purchase/ws/tenderBid/save', offer(218_000, 1_200, '可分两批交货'));
    await call('supplier02', '/purchase/ws/tenderBid/save', offer(214_500, 2_000, '厂家直供，含运费'));
    // Time passing: bidding ends just after the last bid; the scheduler closes the tender and opens it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const end = d.now().toISOString();
    await db.updateTable('tenders').set({ bid_end_at: end, open_at: end }).where('id', '=', Number(draft.id)).execute();
    await db
      .updateTable('scheduled_jobs')
      .set({ run_at: end })
      .where('kind', 'in', [TENDER_JOBS.close, TENDER_JOBS.open])
      .where('key', '=', draft.id)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await app.live.scheduler.runDue();
    outcome.tenders.opened = draft.id;
  };
  try {
    // The platform received the companies' deposits and paid one amount back out.
    const credit = (account: Account, currency: string, yuan: number, reference: string) =>
      call('admin', '/commtrade/ws/deposit/credit', {
        companyUserId: String(userId.get(account)),
        currency,
        amount: yuan * 100,
        reference,
      });
    await credit('buyer01', 'CNY', 3_000_000, '工行回单 DEMO-20260101-001');
    await credit('buyer01', 'USD', 50_000, 'SWIFT MT103 DEMO-US-0007');
    await credit('buyer02', 'CNY', 800_000, '建行回单 DEMO-20260103-017');
    await credit('buyer03', 'CNY', 300_000, '农行回单 DEMO-20260105-022');
    await credit('supplier01', 'CNY', 200_000, '中行回单 DEMO-20260106-031');
    await call('admin', '/commtrade/ws/deposit/debit', {
      companyUserId: String(userId.get('supplier01')),
      currency: 'CNY',
      amount: 50_000 * 100,
      reference: '退还保证金 DEMO-OUT-0001',
    });

    const probe = await ask('supplier01', '/listing/ws/listing/myPage', { pageNo: 1, pageSize: 8 });
    const orderProbe = await ask('buyer01', '/commtrade/ws/order/buyPage', { pageNo: 1, pageSize: 8 });
    if (probe.return_code === ROUTE_NOT_FOUND || orderProbe.return_code === ROUTE_NOT_FOUND) return outcome;
    outcome.trading = true;

    // Listings in every state
    interface Listing {
      id: string;
      tradeListingCode: string;
    }
    const listing = async (owner: Account, fields: Record<string, unknown>): Promise<Listing> =>
      call<Listing>(owner, '/listing/ws/listing/save', {
        holdBs: 2,
        objListingDay: 30,
        objPeriodDay: 15,
        transportWay: 'A',
        paymentType: 1,
        description: '<p>质量稳定，可提供第三方检验报告。</p>',
        ...fields,
      });
    const approved = async (owner: Account, fields: Record<string, unknown>): Promise<Listing> => {
      const l = await listing(owner, fields);
      await call(owner, '/listing/ws/listing/submit', { id: l.id });
      return call<Listing>('admin', '/listing/ws/listing/review', { id: l.id, pass: true, reviewRemark: '资料齐全，同意上架' });
    };
    const coal = (sku: string, extra: Record<string, unknown> = {}) => ({
      varietyCode: 'COAL-STEAM-5500',
      goodsSkuName: sku,
      marketCode: 'M01',
      currency: 'CNY',
      singlePrice: 86_000,
      objListingNum: 50_000,
      objMinNum: 100,
      objStepNum: 50,
      deliveryPlace: '山西晋城 晋煤集团铁路专用线',
      pictures: [pictureId('COAL-STEAM-5500')],
      ...extra,
    });
    const urea = (sku: string, extra: Record<string, unknown> = {}) => ({
      varietyCode: 'UREA-AGRI-LARGE',
      goodsSkuName: sku,
      marketCode: 'M02',
      currency: 'CNY',
      singlePrice: 215_000,
      objListingNum: 8_000,
      objMinNum: 20,
      objStepNum: 10,
      deliveryPlace: '河南新乡 厂区自提',
      transportWay: 'B',
      paymentType: 2,
      ...extra,
    });

    const margin = await approved('supplier01', coal('晋煤 Q5500 动力煤（保证金挂牌）', { listingType: 'D', depositRatio: 10 }));
    const standard = await approved(
      'supplier01',
      coal('晋煤 Q5000 动力煤', {
        listingType: 'A',
        singlePrice: 76_000,
        varietyCode: 'COAL-STEAM-5000',
        pictures: [pictureId('COAL-STEAM-5000')],
      }),
    );
    const fertiliser = await approved('supplier02', urea('沃丰 大颗粒尿素 46%', { listingType: 'A' }));
    outcome.listings.marginOnSale = margin.tradeListingCode;
    outcome.listings.standardOnSale = standard.tradeListingCode;
    outcome.listings.supplier02OnSale = fertiliser.tradeListingCode;

    const pending = await listing(
      'supplier02',
      urea('沃丰 复合肥 15-15-15（待审核）', { listingType: 'A', varietyCode: 'NPK-SULPHUR-15' }),
    );
    await call('supplier02', '/listing/ws/listing/submit', { id: pending.id });
    const pending3 = await listing(
      'supplier03',
      coal('秦川 Q5500 动力煤（待审核）', { listingType: 'D', depositRatio: 15, deliveryPlace: '陕西榆林 神木站' }),
    );
    await call('supplier03', '/listing/ws/listing/submit', { id: pending3.id });
    const rejected = await listing(
      'supplier03',
      coal('秦川 Q4500 动力煤', { listingType: 'A', varietyCode: 'COAL-STEAM-4500', singlePrice: 64_000 }),
    );
    await call('supplier03', '/listing/ws/listing/submit', { id: rejected.id });
    await call('admin', '/listing/ws/listing/review', {
      id: rejected.id,
      pass: false,
      reviewRemark: '缺少第三方质检报告，请补充后重新提交',
    });
    const draft = await listing('supplier01', coal('晋煤 Q5500 动力煤（草稿）', { listingType: 'A' }));
    const withdrawn = await approved(
      'supplier01',
      coal('晋煤 Q4500 动力煤（已撤回）', { listingType: 'A', varietyCode: 'COAL-STEAM-4500', singlePrice: 64_000 }),
    );
    await call('supplier01', '/listing/ws/listing/withdraw', { id: withdrawn.id });
    const suspended = await approved(
      'supplier01',
      coal('晋煤 1/3焦煤（已暂停）', { listingType: 'A', varietyCode: 'COAL-COKING-THIRD', singlePrice: 152_000 }),
    );
    await call('admin', '/listing/ws/listing/suspend', { id: suspended.id, reason: '质检报告过期，暂停交易待核实' });
    const expired = await approved(
      'supplier01',
      coal('晋煤 主焦煤（已到期）', { listingType: 'A', varietyCode: 'COAL-COKING-MAIN', singlePrice: 182_000, objListingDay: 30 }),
    );
    // Time passing: the approval is moved 31 days back and its expiry falls due; the scheduler expires it.
    const past = d.now().getTime();
    await db
      .updateTable('listings')
      .set({ publish_time: new Date(past - 31 * DAY_MS).toISOString(), expire_time: new Date(past - DAY_MS).toISOString() })
      .where('id', '=', Number(expired.id))
      .execute();
    await db
      .updateTable('scheduled_jobs')
      .set({ run_at: new Date(past - DAY_MS).toISOString() })
      .where('kind', '=', 'listing.expire')
      .where('key', '=', expired.id)
      .execute();
    await app.live.scheduler.runDue();
    Object.assign(outcome.listings, {
      pendingReview: pending.id,
      pendingReviewSupplier03: pending3.id,
      rejected: rejected.id,
      draft: draft.id,
      withdrawn: withdrawn.id,
      suspended: suspended.id,
      expired: expired.id,
    });

    // Payment vouchers and waybills are stored files of the company giving them, as the upload stores them.
    const files = createFilesRepo(db);
    let fileNo = 0;
    const document = async (title: string, by: Account): Promise<string> => {
      fileNo += 1;
      const id = `demo-${title === '付款凭证' ? 'voucher' : 'waybill'}-${String(fileNo).padStart(3, '0')}`;
      const data = productPicture('COAL', title, `DEMO-${String(fileNo).padStart(6, '0')}`);
      await files.insert({
        id,
        name: `${id}.svg`,
        content_type: 'image/svg+xml',
        data,
        created_at: d.now().toISOString(),
        company_id: companyOf.get(by) ?? null,
      });
      return id;
    };

    // Orders in every state, each moved on by the party whose turn it is
    let requestNo = 0;
    const order = async (name: string, buyer: Account, seller: Account, on: Listing, quantity: number, path: keyof typeof PATH_TO) => {
      requestNo += 1;
      const placed = await call<{ orderNo: string }>(buyer, '/commtrade/ws/order/place', {
        tradeListingCode: on.tradeListingCode,
        quantity,
        deliveryAddress: buyer.startsWith('buyer0') ? '天津市滨海新区临港工业区 3 号库' : '山西省晋城市城区 晋煤物资库',
        contactName: '王经理',
        contactPhone: '022-65881234',
        remark: '请随货附质检单',
        requestId: `demo-story-${String(requestNo).padStart(4, '0')}`,
      });
      for (const step of PATH_TO[path]!) {
        const by = step.as === 'buyer' ? buyer : seller;
        const fileIds = step.voucher ? [await document('付款凭证', by)] : step.waybill ? [await document('运单', by)] : [];
        await call(by, `/commtrade/ws/order/${step.call}`, {
          orderNo: placed.orderNo,
          note: step.note ?? '',
          fileIds,
        });
      }
      outcome.orders[name] = placed.orderNo;
    };
    // buyer01 buys on supplier01's margin listing: a deposit is frozen for each and released at the end.
    await order('buyer01AwaitingConfirmation', 'buyer01', 'supplier01', margin, 1_000, 's1');
    await order('buyer01AwaitingPayment', 'buyer01', 'supplier01', margin, 500, 's2');
    await order('buyer01PaymentReported', 'buyer01', 'supplier01', margin, 800, 's3');
    await order('buyer01AwaitingShipment', 'buyer01', 'supplier01', margin, 600, 's4');
    await order('buyer01Shipped', 'buyer01', 'supplier01', margin, 1_200, 's5');
    await order('buyer01Completed', 'buyer01', 'supplier01', margin, 2_000, 's6');
    await order('buyer01Cancelled', 'buyer01', 'supplier01', margin, 300, 'cancelledByBuyer');
    await order('buyer01Refused', 'buyer01', 'supplier01', margin, 400, 'refusedBySeller');
    // Two confirmed orders whose payment deadline has passed: supplier01 may cancel one itself (the
    // buyer's deposit is then forfeited to it); the other it already cancelled, and the ledgers show it.
    await order('buyer01PaymentOverdue', 'buyer01', 'supplier01', margin, 700, 's2');
    await order('buyer01Forfeited', 'buyer01', 'supplier01', margin, 350, 's2');
    for (const name of ['buyer01PaymentOverdue', 'buyer01Forfeited']) {
      const orderNo = outcome.orders[name]!;
      const now = d.now().getTime();
      await sql`update orders set pay_by = ${new Date(now - HOUR_MS).toISOString()} where order_no = ${orderNo}`.execute(db);
      await sql`update scheduled_jobs set run_at = ${new Date(now - 13 * HOUR_MS).toISOString()}
        where kind = 'order.payDeadlineNear' and key = ${orderNo}`.execute(db);
    }
    await app.live.scheduler.runDue();
    await call('supplier01', '/commtrade/ws/order/cancel', {
      orderNo: outcome.orders.buyer01Forfeited,
      note: '买方逾期未付款，按规则取消订单并罚没保证金',
      fileIds: [],
    });
    // Other pairs, so every company has orders on both pages it uses.
    await order('buyer02OnStandard', 'buyer02', 'supplier01', standard, 2_500, 's4');
    await order('buyer03OnStandard', 'buyer03', 'supplier01', standard, 150, 's1');
    await order('buyer02Fertiliser', 'buyer02', 'supplier02', fertiliser, 200, 's6');
    await order('buyer03Fertiliser', 'buyer03', 'supplier02', fertiliser, 60, 's2');
    await order('supplier01BuysFertiliser', 'supplier01', 'supplier02', fertiliser, 100, 's3');
    await liveTender();
    if (outcome.tenders.live) await openedTender();
    return outcome;
  } finally {
    for (const session of opened) await sessions.endOne(session.record);
  }
}
