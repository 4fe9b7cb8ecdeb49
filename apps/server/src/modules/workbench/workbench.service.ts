import {
  REVIEW_KINDS,
  WORKBENCH_DAYS,
  WORKBENCH_MONTHS,
  WORKBENCH_SOON_LIMIT,
  type BuyerWorkbench,
  type ClosingSoon,
  type MonthFigure,
  type OperatorWorkbench,
  type ReviewKind,
  type StateCount,
  type SupplierWorkbench,
} from '@portal/contracts/workbench';
import type { DepositAccount } from '@portal/contracts/deposits';
import { AppError } from '../../platform/errors';
import type { AuctionFigures } from '../auction-trade';
import type { ListingFigures } from '../listing-manage';
import type { OrderFigureRow, OrderFigures } from '../orders';
import type { SupplierFigures } from '../supplier-relations';
import type { TenderFigures } from '../tender-trade';

/** Orders a buyer still waits on: everything before completed (6) and cancelled (9). */
const OPEN_STATES = [1, 2, 3, 4, 5];
/** Orders waiting for the seller: to confirm (1), a payment to confirm (3), to ship (4). */
const SELLER_TURN = [1, 3, 4];

export interface WorkbenchDeps {
  now: () => Date;
  orders: OrderFigures;
  /** How many of a company's orders (as buyer or seller) are in each state. */
  orderCounts: (side: 'buyer' | 'seller', companyId: number) => Promise<Record<string, number>>;
  /** The company a user trades for (null for operators). */
  companyOf: (userId: number) => Promise<number | null>;
  deposits: (companyId: number) => Promise<DepositAccount[]>;
  auctions: AuctionFigures;
  tenders: TenderFigures;
  listings: ListingFigures;
  suppliers: SupplierFigures;
}

/** The first instant (ISO, UTC) of the month `back` months before the one `at` falls in. */
export function monthStart(at: Date, back: number): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1)).toISOString();
}

/** The first instant (ISO, UTC) of the day `back` days before the one `at` falls in. */
export function dayStart(at: Date, back: number): string {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - back)).toISOString();
}

/** Orders summed by month of placing, variety and currency: oldest month first, then the largest amount. */
export function byMonth(rows: readonly OrderFigureRow[]): MonthFigure[] {
  const sums = new Map<string, MonthFigure>();
  for (const r of rows) {
    const month = r.createdAt.slice(0, 7);
    const key = `${month} ${r.currency} ${r.varietyCode}`;
    const sum = sums.get(key) ?? {
      month,
      varietyCode: r.varietyCode,
      varietyName: r.varietyName,
      currency: r.currency,
      orders: 0,
      amount: 0,
    };
    sum.orders += 1;
    sum.amount += r.amount;
    sums.set(key, sum);
  }
  return [...sums.values()].sort(
    (a, b) => a.month.localeCompare(b.month) || b.amount - a.amount || a.varietyCode.localeCompare(b.varietyCode),
  );
}

const countsIn = (counts: Record<string, number>, states: readonly number[]): StateCount[] =>
  states.map((state) => ({ state, count: counts[String(state)] ?? 0 })).filter((c) => c.count > 0);

const bySoonest = (a: ClosingSoon, b: ClosingSoon) => a.closesAt.localeCompare(b.closesAt) || a.kind.localeCompare(b.kind);

/** The workbench: one overview per role, read through the other modules' public reads. */
export function createWorkbenchService(d: WorkbenchDeps) {
  const companyOf = async (userId: number): Promise<number> => {
    const companyId = await d.companyOf(userId);
    if (companyId === null) throw new AppError('NO_RIGHT');
    return companyId;
  };

  return {
    async buyer(userId: number): Promise<BuyerWorkbench> {
      const companyId = await companyOf(userId);
      const at = d.now();
      const now = at.toISOString();
      const [deals, counts, accounts, auctions, tenders] = await Promise.all([
        d.orders.dealsOf('buyer', companyId, monthStart(at, WORKBENCH_MONTHS - 1)),
        d.orderCounts('buyer', companyId),
        d.deposits(companyId),
        d.auctions.registeredClosing(companyId, now, WORKBENCH_SOON_LIMIT),
        d.tenders.ownClosing(companyId, now, WORKBENCH_SOON_LIMIT),
      ]);
      const closingSoon: ClosingSoon[] = [
        ...auctions.map((s) => ({ kind: 'auction' as const, id: String(s.id), name: s.name, status: s.status, closesAt: s.endAt })),
        ...tenders.map((t) => ({ kind: 'tender' as const, id: String(t.id), name: t.name, status: t.status, closesAt: t.bidEndAt })),
      ];
      return {
        at: now,
        purchases: byMonth(deals),
        openOrders: countsIn(counts, OPEN_STATES),
        deposits: accounts.map((a) => ({ currency: a.currency, available: a.available, frozen: a.frozen })),
        closingSoon: closingSoon.sort(bySoonest).slice(0, WORKBENCH_SOON_LIMIT),
      };
    },

    async supplier(userId: number): Promise<SupplierWorkbench> {
      const companyId = await companyOf(userId);
      const at = d.now();
      const now = at.toISOString();
      const [deals, counts, onSale, tenders] = await Promise.all([
        d.orders.dealsOf('seller', companyId, monthStart(at, WORKBENCH_MONTHS - 1)),
        d.orderCounts('seller', companyId),
        d.listings.onSale(companyId),
        d.tenders.biddableClosing(userId, companyId, now, WORKBENCH_SOON_LIMIT),
      ]);
      return {
        at: now,
        sales: byMonth(deals),
        listingsOnSale: onSale,
        toAct: countsIn(counts, SELLER_TURN),
        closingSoon: tenders.map((t) => ({
          kind: 'tender' as const,
          id: String(t.id),
          name: t.name,
          status: t.status,
          closesAt: t.bidEndAt,
          bidIn: t.bidIn,
        })),
      };
    },

    async operator(): Promise<OperatorWorkbench> {
      const at = d.now();
      const since = dayStart(at, WORKBENCH_DAYS - 1);
      const [deals, active, live, ...waiting] = await Promise.all([
        d.orders.perDay(since),
        d.orders.tradingCompanies(since),
        d.auctions.live(),
        ...REVIEW_KINDS.map((kind) => reviewCount(kind)),
      ]);
      return {
        at: at.toISOString(),
        deals,
        activeCompanies: active,
        liveAuctions: live,
        reviews: REVIEW_KINDS.map((kind, i) => ({ kind, count: waiting[i] ?? 0 })),
      };
    },
  };

  function reviewCount(kind: ReviewKind): Promise<number> {
    switch (kind) {
      case 'listings':
        return d.listings.awaitingReview();
      case 'auctionSpaces':
        return d.auctions.awaitingReview();
      case 'tenders':
        return d.tenders.awaitingReview();
      case 'supplierApplications':
        return d.suppliers.pendingApplications();
    }
  }
}
export type WorkbenchService = ReturnType<typeof createWorkbenchService>;
