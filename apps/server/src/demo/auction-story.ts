import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { AUCTION_JOBS } from '../modules/auction-trade';
import type { KvStore } from '../platform/kv';
import { createSessions } from '../platform/sessions';
import type { Db } from '../db/database';
import { pictureId } from './trading';

/** What the auction story left behind, for the start log and the test. */
export interface AuctionStoryOutcome {
  /** False when the auction calls are not served (an older build). */
  played: boolean;
  spaces: Record<string, string>;
}

interface Answer {
  return_code: string;
  error_code: string;
  error_info: string;
  data: unknown;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const ROUTE_NOT_FOUND = '100005';
/** The demo's live auctions take bids until this long after the first start: a working day to try them (README). */
export const RUNS_FOR_MS = 10 * HOUR_MS;

type Account = 'admin' | 'buyer01' | 'buyer02' | 'supplier01' | 'supplier02';
const ACCOUNTS: Account[] = ['admin', 'buyer01', 'buyer02', 'supplier01', 'supplier02'];

/**
 * The demo's live auctions, made through the server's own calls after the trading story (whose
 * deposits the bidders use): an approved ascending auction of supplier01 that starts in two hours
 * with buyer01 and buyer02 registered; buyer01's descending purchase auction running now with
 * supplier bids; and a finished ascending auction whose result made an order for buyer01. Time
 * passing is the only thing not done by a call: a space's start is moved into the past (the
 * scheduler starts it) and the finished one's end is moved to just after its bids.
 * Every space of the demo's older rows that is approved or running gets its start and close
 * jobs, so they too start and close on time.
 */
export async function runAuctionStory(d: { app: FastifyInstance; db: Db; kv: KvStore; now: () => Date }): Promise<AuctionStoryOutcome> {
  const { app, db } = d;
  const scheduler = app.live.scheduler;
  const sessions = createSessions(d.kv, { idleMs: HOUR_MS, absoluteMs: HOUR_MS, lockIdleMs: 0, concurrent: true });
  const users = await db.selectFrom('users').select(['id', 'account']).where('account', 'in', ACCOUNTS).execute();
  const userId = new Map(users.map((u) => [u.account, u.id]));
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
    if (answer.return_code !== '0') throw new Error(`auction story: ${path} as ${as} was refused: ${answer.error_info}`);
    return answer.data as T;
  };

  const outcome: AuctionStoryOutcome = { played: false, spaces: {} };
  try {
    const probe = await ask('supplier01', '/auction/ws/auctionSpaceInfo/myPage', { pageNo: 1, pageSize: 8 });
    if (probe.error_code === ROUTE_NOT_FOUND) return outcome;

    // The older demo rows: approved and running spaces start and close on time.
    const live = await db
      .selectFrom('auction_spaces')
      .select(['id', 'space_status', 'begin_at'])
      .where('space_status', 'in', [2, 4])
      .execute();
    for (const s of live) {
      if (s.space_status === 2) await scheduler.schedule(db, { kind: AUCTION_JOBS.start, key: String(s.id), runAt: new Date(s.begin_at) });
      const pieces = await db
        .selectFrom('auction_pieces')
        .select(['id', 'end_at'])
        .where('space_id', '=', s.id)
        .where('trade_status', '=', 0)
        .execute();
      for (const p of pieces) await scheduler.schedule(db, { kind: AUCTION_JOBS.close, key: String(p.id), runAt: new Date(p.end_at) });
    }

    const leaf = await db
      .selectFrom('varieties as v')
      .select(['v.code'])
      .where('v.code', 'like', 'COAL%')
      .where((eb) => eb.not(eb.exists(eb.selectFrom('varieties as c').select('c.id').whereRef('c.par_code', '=', 'v.code'))))
      .orderBy('v.id')
      .executeTakeFirstOrThrow();
    const now = d.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    // Each piece shows its variety's demo picture (drawn from code and stored with the demo data).
    const piece = (name: string, basePrice: number, totalWeight: number, extra: { varietyCode?: string; reservePrice?: number } = {}) => ({
      pieceName: name,
      varietyCode: leaf.code,
      totalWeight,
      basePrice,
      paymentType: 2,
      transportWay: 'A',
      deliveryPlace: '山西省晋城市 晋煤物资库',
      pictures: [pictureId(extra.varietyCode ?? leaf.code)],
      ...extra,
    });
    const space = (owner: Account, body: object) =>
      call<{ spaceId: string; itemList: { id: string }[] }>(owner, '/auction/ws/auctionSpaceInfo/save', body);
    const approve = async (owner: Account, body: object) => {
      const draft = await space(owner, body);
      await call(owner, '/auction/ws/auctionSpaceInfo/submit', { spaceId: draft.spaceId });
      await call('admin', '/auction/ws/auctionSpaceInfo/review', {
        spaceId: draft.spaceId,
        pass: true,
        reviewRemark: '资料齐全，准予发布',
      });
      return draft;
    };
    /** Moves an approved space's start into the past; the scheduler starts it. */
    const startNow = async (spaceId: string) => {
      const begin = new Date(now - 30 * MINUTE_MS).toISOString();
      await db
        .updateTable('auction_spaces')
        .set({ begin_at: begin, registration_end_at: begin })
        .where('id', '=', Number(spaceId))
        .execute();
      await sql`update scheduled_jobs set run_at = ${begin} where kind = ${AUCTION_JOBS.start} and key = ${spaceId}`.execute(db);
      await scheduler.runDue();
    };
    let bidNo = 0;
    const bid = (as: Account, spaceId: string, pieceId: string, price: number) =>
      call(as, '/auction/ws/bid/place', { spaceId, pieceId, price, requestId: `demo-auction-${String(++bidNo).padStart(4, '0')}` });

    // 1. Starting in two hours, open for bids until ten hours after the start: buyer01 and buyer02 registered.
    const upcoming = await approve('supplier01', {
      spaceName: '晋煤动力煤公开增价专场（演示）',
      name: '煤炭 / 动力煤',
      spaceAuctionMode: 1,
      auctionBeginTime: at(2 * HOUR_MS),
      auctionEndTime: at(RUNS_FOR_MS),
      priceStep: 1_000,
      deposit: 2_000_000,
      remark: '竞得后 3 日内付清货款',
      description: '动力煤 Q5500，车板交货，质检以第三方报告为准。',
      contactName: '张伟',
      contactPhone: '0356-2221001',
      itemList: [piece('动力煤 Q5500 第1标', 68_000, 3_000), piece('动力煤 Q5000 第2标', 61_000, 2_000, { reservePrice: 62_000 })],
    });
    await call('buyer01', '/auction/ws/auctionSpaceInfo/register', { spaceId: upcoming.spaceId });
    await call('buyer02', '/auction/ws/auctionSpaceInfo/register', { spaceId: upcoming.spaceId });
    outcome.spaces.upcoming = upcoming.spaceId;

    // 2. Running now, until ten hours after the start: buyer01 buys by public descending bids; supplier01 and supplier02 bid.
    await call('admin', '/commtrade/ws/deposit/credit', {
      companyUserId: String(userId.get('supplier02')),
      currency: 'CNY',
      amount: 10_000_000,
      reference: '中行回单 DEMO-20260108-045',
    });
    const running = await approve('buyer01', {
      spaceName: '华北化工动力煤采购降价竞价（演示）',
      name: '煤炭 / 动力煤',
      spaceAuctionMode: 4,
      auctionBeginTime: at(10 * MINUTE_MS),
      auctionEndTime: at(RUNS_FOR_MS),
      priceStep: 500,
      deposit: 1_000_000,
      contactName: '李明',
      contactPhone: '0311-86650001',
      itemList: [piece('动力煤 Q5500 采购标', 70_000, 5_000)],
    });
    await call('supplier01', '/auction/ws/auctionSpaceInfo/register', { spaceId: running.spaceId });
    await call('supplier02', '/auction/ws/auctionSpaceInfo/register', { spaceId: running.spaceId });
    await startNow(running.spaceId);
    await bid('supplier01', running.spaceId, running.itemList[0]!.id, 70_000);
    await bid('supplier02', running.spaceId, running.itemList[0]!.id, 69_000);
    await bid('supplier01', running.spaceId, running.itemList[0]!.id, 68_500);
    outcome.spaces.running = running.spaceId;

    // 3. Finished: buyer01 won after a short contest and has an order waiting for payment.
    const finished = await approve('supplier01', {
      spaceName: '晋煤主焦煤公开增价专场（已成交，演示）',
      name: '煤炭 / 炼焦煤',
      spaceAuctionMode: 1,
      auctionBeginTime: at(10 * MINUTE_MS),
      auctionEndTime: at(HOUR_MS),
      priceStep: 2_000,
      deposit: 2_000_000,
      contactName: '张伟',
      contactPhone: '0356-2221001',
      itemList: [piece('主焦煤 G85 第1标', 180_000, 1_000, { varietyCode: 'COAL-COKING-MAIN' })],
    });
    await call('buyer01', '/auction/ws/auctionSpaceInfo/register', { spaceId: finished.spaceId });
    await call('buyer02', '/auction/ws/auctionSpaceInfo/register', { spaceId: finished.spaceId });
    await startNow(finished.spaceId);
    const pieceId = finished.itemList[0]!.id;
    await bid('buyer02', finished.spaceId, pieceId, 180_000);
    await bid('buyer01', finished.spaceId, pieceId, 182_000);
    await bid('buyer02', finished.spaceId, pieceId, 184_000);
    await bid('buyer01', finished.spaceId, pieceId, 186_000);
    // Its end falls just after the last bid; the scheduler closes it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const end = d.now().toISOString();
    await db.updateTable('auction_pieces').set({ end_at: end }).where('id', '=', Number(pieceId)).execute();
    await db.updateTable('auction_spaces').set({ end_at: end }).where('id', '=', Number(finished.spaceId)).execute();
    await sql`update scheduled_jobs set run_at = ${end} where kind = ${AUCTION_JOBS.close} and key = ${pieceId}`.execute(db);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await scheduler.runDue();
    outcome.spaces.finished = finished.spaceId;
    outcome.played = true;
    return outcome;
  } finally {
    for (const session of opened) await sessions.endOne(session.record);
  }
}
