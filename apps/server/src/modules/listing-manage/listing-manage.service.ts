import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { DEFAULT_DEPOSIT_RATIO, LISTING_MANAGE_STATES } from '@portal/contracts/trade-constants';
import {
  listingMachine,
  type ListingReasonBody,
  type ListingSave,
  type ManagedListing,
  type ManagedListingPage,
  type listingMyPageBodySchema,
  type listingReviewBodySchema,
  type listingReviewPageBodySchema,
} from '@portal/contracts/listing-manage';
import type { StateOf, TransitionOf } from '@portal/contracts/state-machine';
import type { z } from 'zod';
import type { ListingTable } from '../../db/schema';
import { AppError, invalidField } from '../../platform/errors';
import type { Scheduler } from '../../platform/scheduler';
import { create, moveFrom, moveIfAllowed, refusalOf, type Stateless } from '../../platform/transitions';
import type { Emit, LogRecord, Trx, WriteMeta, WritePath } from '../../platform/write-path';
import { sanitizeRichText } from '../../platform/rich-text';
import { fromMilli, toMilli } from '@portal/contracts/quantity';
import type { MessageDraft, NotifyCompany } from '../messages';
import type { ListingManageRepo, ListingRow } from './listing-manage.repo';

/** The job that takes a listing off the market when its days on sale are over. */
export const LISTING_EXPIRE_JOB = 'listing.expire';
/** Where a message about a listing takes its owner. */
export const MY_LISTINGS_ROUTE = PAGE_PATHS.myListings;
/** Market modes whose markets take listings (decision 040). */
const LISTING_MARKET_MODES = [1, 7];
const DAY_MS = 86_400_000;

export interface ListingManageDeps {
  repo: ListingManageRepo;
  writes: WritePath;
  scheduler: Scheduler;
  notifyCompany?: NotifyCompany;
  now: () => Date;
}

const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');

type ListingState = StateOf<typeof listingMachine>;
type ListingTransition = TransitionOf<typeof listingMachine>;
type ListingColumns = Stateless<ListingTable, 'obj_state'>;

export function toManagedListing(row: ListingRow, unit: string): ManagedListing {
  return {
    id: String(row.id),
    tradeListingCode: row.trade_listing_code,
    varietyCode: row.variety_code,
    varietyName: row.variety_name,
    goodsSkuName: row.goods_sku_name,
    unit,
    marketCode: row.market_code,
    holdBs: row.hold_bs,
    listingType: row.listing_type,
    singlePrice: Number(row.single_price),
    currency: row.currency,
    objListingNum: fromMilli(row.obj_listing_milli),
    surplusListingNum: fromMilli(row.surplus_milli),
    objMinNum: fromMilli(row.min_milli),
    objStepNum: fromMilli(row.step_milli),
    objListingDay: row.obj_listing_day,
    objPeriodDay: row.obj_period_day,
    transportWay: row.transport_way,
    paymentType: row.payment_type,
    deliveryPlace: row.delivery_place,
    depositRatio: row.deposit_ratio,
    pictures: JSON.parse(row.pictures_json) as string[],
    description: row.description,
    objState: row.obj_state,
    reviewRemark: row.review_remark,
    publishTime: row.obj_state === 0 || row.obj_state === 4 || row.obj_state === 5 ? '' : row.publish_time,
    expireTime: row.expire_time,
    userId: String(row.seller_id),
    userName: row.user_name,
    updatedAt: row.updated_at,
  };
}

/**
 * A supplier's listings from draft to the market and off it again, and the operator's review.
 * Every change goes through the write path (operation log, change events after commit) and moves
 * the state with a conditional update, so two requests racing on one listing cannot both apply.
 */
export function createListingManageService(deps: ListingManageDeps) {
  const { repo, writes, scheduler, now } = deps;
  const units = new Map<string, string>();

  async function unitOf(varietyCode: string): Promise<string> {
    const known = units.get(varietyCode);
    if (known !== undefined) return known;
    const unit = (await repo.variety(varietyCode))?.unit ?? '';
    units.set(varietyCode, unit);
    return unit;
  }
  const present = async (row: ListingRow) => toManagedListing(row, await unitOf(row.variety_code));
  /** A change through the write path; the answer is read after the commit, outside its transaction. */
  const change = async (meta: WriteMeta, fn: (trx: Trx, emit: Emit, log: LogRecord) => Promise<ListingRow>) =>
    present(await writes.write(meta, fn));

  /** The caller's company; operators and users without one own no listing. */
  async function companyOf(userId: number, on?: Trx): Promise<{ companyId: number; companyName: string }> {
    const member = await repo.member(userId, on);
    if (!member?.company_id) throw new AppError('NOT_FOUND');
    return { companyId: member.company_id, companyName: member.company_name ?? '' };
  }

  /** The caller's own listing, or 404 (another company's listing is never hinted at). */
  async function ownListing(trx: Trx, userId: number, id: number): Promise<{ row: ListingRow; companyId: number }> {
    const { companyId } = await companyOf(userId, trx);
    const row = await repo.findForUpdate(trx, id);
    if (!row || row.company_id !== companyId) throw new AppError('NOT_FOUND');
    return { row, companyId };
  }

  /** A listing the operator may act on: drafts are their owner's alone and answer 404. */
  async function reviewable(trx: Trx, id: number): Promise<ListingRow> {
    const row = await repo.findForUpdate(trx, id);
    if (!row || row.obj_state === 0) throw new AppError('NOT_FOUND');
    return row;
  }

  /** Moves the listing as it was read (held for the transaction) by `transition`, with the other columns it writes. */
  const move = (trx: Trx, row: ListingRow, transition: ListingTransition, to: ListingState, set: ListingColumns = {}) =>
    moveFrom(trx, listingMachine, transition, row, { to, set: { ...set, updated_at: now().toISOString() } });

  const changed = (emit: Emit, row: ListingRow, action: string) =>
    emit({ topic: 'listing', key: String(row.id), action, companyIds: [row.company_id], data: { objState: row.obj_state } });

  async function tell(trx: Trx, row: ListingRow, kind: MessageDraft['kind'], reason: string, emit: Emit): Promise<void> {
    if (!deps.notifyCompany) return;
    await deps.notifyCompany(
      trx,
      row.company_id,
      {
        kind,
        params: { listingCode: row.trade_listing_code, goodsName: row.goods_sku_name, reason },
        link: { route: MY_LISTINGS_ROUTE, query: { id: String(row.id) } },
      },
      emit,
    );
  }

  /** The publishing rules the schema cannot check: a leaf variety, a listing market, existing pictures. */
  async function checkTerms(input: ListingSave) {
    const variety = await repo.variety(input.varietyCode);
    if (!variety) throw invalidField('varietyCode', 'invalidValue');
    if (await repo.hasChildren(variety.code)) throw invalidField('varietyCode', 'invalidValue');
    const market = await repo.market(input.marketCode);
    if (!market || !LISTING_MARKET_MODES.includes(market.obj_mode)) throw invalidField('marketCode', 'invalidValue');
    // A market trades in one currency; its listings are priced in it, whether the owner names it or not.
    if (input.currency !== undefined && input.currency !== market.currency) throw invalidField('currency', 'invalidValue');
    const stepMilli = toMilli(input.objStepNum);
    const pictures = [...new Set(input.pictures)];
    const stored = await repo.existingFileIds(pictures);
    if (pictures.some((id) => !stored.has(id))) throw invalidField('pictures', 'invalidValue');
    // The variety's ancestors: the market's tag filters select on each level.
    const parent = variety.par_code ? await repo.variety(variety.par_code) : undefined;
    const grandParent = parent?.par_code ? await repo.variety(parent.par_code) : undefined;
    const levels = [grandParent?.code, parent?.code, variety.code].filter((c): c is string => Boolean(c));
    return {
      variety,
      currency: market.currency,
      stepMilli,
      pictures,
      l1: levels[0] ?? variety.code,
      l2: levels.length >= 3 ? levels[1]! : variety.code,
    };
  }

  return {
    async myPage(userId: number, body: z.output<typeof listingMyPageBodySchema>): Promise<ManagedListingPage> {
      const { companyId } = await companyOf(userId);
      const states = body.objState === undefined ? Object.keys(LISTING_MANAGE_STATES).map(Number) : [body.objState];
      const page = await repo.page({ companyId, states, ...(body.keyword ? { keyword: body.keyword } : {}) }, body.pageNo, body.pageSize);
      return { items: await Promise.all(page.rows.map(present)), totalItem: page.total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async myDetail(userId: number, id: number): Promise<ManagedListing> {
      const { companyId } = await companyOf(userId);
      const row = await repo.find(id);
      if (!row || row.company_id !== companyId) throw new AppError('NOT_FOUND');
      return present(row);
    },

    async reviewPage(body: z.output<typeof listingReviewPageBodySchema>): Promise<ManagedListingPage> {
      // Drafts are their owner's alone: the queue never shows them, whatever the filter.
      if (body.objState === 0) return { items: [], totalItem: 0, pageNo: body.pageNo, pageSize: body.pageSize };
      const states = [body.objState ?? 4];
      const page = await repo.page({ states, ...(body.keyword ? { keyword: body.keyword } : {}) }, body.pageNo, body.pageSize);
      return { items: await Promise.all(page.rows.map(present)), totalItem: page.total, pageNo: body.pageNo, pageSize: body.pageSize };
    },

    async reviewDetail(id: number): Promise<ManagedListing> {
      const row = await repo.find(id);
      if (!row || row.obj_state === 0) throw new AppError('NOT_FOUND');
      return present(row);
    },

    /**
     * Creates a draft, or edits an own listing: drafts, rejected and pending ones keep their state;
     * one on sale or sold out goes back to review and leaves the market until approved again
     * (orders already placed keep their snapshot). Withdrawn, expired and suspended ones are closed.
     */
    async save(userId: number, input: ListingSave): Promise<ManagedListing> {
      const terms = await checkTerms(input);
      const { companyId, companyName } = await companyOf(userId);
      const at = now().toISOString();
      const description = sanitizeRichText(input.description);
      const common = {
        listing_type: input.listingType,
        hold_bs: input.holdBs,
        single_price: input.singlePrice,
        currency: terms.currency,
        obj_listing_milli: toMilli(input.objListingNum),
        min_milli: toMilli(input.objMinNum),
        step_milli: terms.stepMilli,
        obj_listing_day: input.objListingDay,
        obj_period_day: input.objPeriodDay,
        transport_way: input.transportWay,
        payment_type: input.paymentType,
        market_code: input.marketCode,
        variety_l1: terms.l1,
        variety_l2: terms.l2,
        variety_code: terms.variety.code,
        variety_name: terms.variety.short_name,
        goods_sku_name: input.goodsSkuName,
        delivery_place: input.deliveryPlace,
        deposit_ratio: input.depositRatio ?? DEFAULT_DEPOSIT_RATIO,
        pictures_json: JSON.stringify(terms.pictures),
        pic_file_id: terms.pictures[0] ?? '',
        description,
        updated_at: at,
      };
      if (input.id === undefined) {
        return change({ actorUserId: userId, action: 'create', target: 'listing' }, async (trx, emit, log) => {
          const { id } = await create(trx, listingMachine, 'create', 0, {
            ...common,
            trade_listing_code: `TMP${crypto.randomUUID().replace(/-/g, '').slice(0, 30)}`,
            surplus_milli: common.obj_listing_milli,
            seller_id: userId,
            company_id: companyId,
            user_name: companyName,
            publish_time: '',
          });
          // The code names the day and the listing; its length keeps it apart from older codes.
          await repo.update(trx, id, { trade_listing_code: `GP${ymd(now())}${String(id).padStart(6, '0')}` });
          await repo.replaceSku(trx, id, input.goodsSkuName, terms.variety.unit);
          const row = (await repo.find(id, trx))!;
          log.after = { id, objState: 0 };
          changed(emit, row, 'created');
          return row;
        });
      }
      const id = Number(input.id);
      return change({ actorUserId: userId, action: 'edit', target: `listing:${id}` }, async (trx, emit, log) => {
        const { row } = await ownListing(trx, userId, id);
        if (!(listingMachine.transitions.edit.from as readonly number[]).includes(row.obj_state)) {
          throw refusalOf(listingMachine, row.obj_state);
        }
        // What orders already took stays taken: the new total must cover it and leave some to sell.
        const sold = Number(row.obj_listing_milli) - Number(row.surplus_milli);
        const surplus = common.obj_listing_milli - sold;
        if (surplus <= 0) throw invalidField('objListingNum', 'tooSmall');
        if (common.min_milli > common.obj_listing_milli) throw invalidField('objMinNum', 'invalidValue');
        const state = (row.obj_state === 1 || row.obj_state === 2 ? 4 : row.obj_state) as ListingState;
        const next = await move(trx, row, 'edit', state, { ...common, surplus_milli: surplus });
        if (state !== row.obj_state) await scheduler.cancel(trx, LISTING_EXPIRE_JOB, String(id));
        await repo.replaceSku(trx, id, input.goodsSkuName, terms.variety.unit);
        log.before = { objState: row.obj_state };
        log.after = { objState: next.obj_state };
        changed(emit, next, 'edited');
        return next;
      });
    },

    /** Draft or rejected → pending review. */
    async submit(userId: number, id: number): Promise<ManagedListing> {
      return change({ actorUserId: userId, action: 'submit', target: `listing:${id}` }, async (trx, emit, log) => {
        const { row } = await ownListing(trx, userId, id);
        const next = await move(trx, row, 'submit', 4);
        log.before = { objState: row.obj_state };
        log.after = { objState: 4 };
        changed(emit, next, 'submitted');
        return next;
      });
    },

    /** On sale → withdrawn by its owner: it leaves the market for good. */
    async withdraw(userId: number, id: number): Promise<ManagedListing> {
      return change({ actorUserId: userId, action: 'withdraw', target: `listing:${id}` }, async (trx, emit, log) => {
        const { row } = await ownListing(trx, userId, id);
        const next = await move(trx, row, 'withdraw', 3);
        await scheduler.cancel(trx, LISTING_EXPIRE_JOB, String(id));
        log.before = { objState: row.obj_state };
        log.after = { objState: 3 };
        changed(emit, next, 'withdrawn');
        return next;
      });
    },

    /** Pending → on sale (published now, on sale for objListingDay days) or → rejected with a reason. */
    async review(operatorId: number, body: z.output<typeof listingReviewBodySchema>): Promise<ManagedListing> {
      const id = Number(body.id);
      return change(
        { actorUserId: operatorId, action: body.pass ? 'approve' : 'reject', target: `listing:${id}` },
        async (trx, emit, log) => {
          const row = await reviewable(trx, id);
          const at = now();
          let next: ListingRow;
          if (body.pass) {
            const expireAt = new Date(at.getTime() + row.obj_listing_day * DAY_MS);
            next = await move(trx, row, 'approve', 1, {
              publish_time: at.toISOString(),
              expire_time: expireAt.toISOString(),
              review_remark: body.reviewRemark,
            });
            await scheduler.schedule(trx, { kind: LISTING_EXPIRE_JOB, key: String(id), runAt: expireAt });
            await tell(trx, next, 'listing.approved', body.reviewRemark, emit);
          } else {
            next = await move(trx, row, 'reject', 5, { review_remark: body.reviewRemark });
            await tell(trx, next, 'listing.rejected', body.reviewRemark, emit);
          }
          log.before = { objState: row.obj_state };
          log.after = { objState: next.obj_state, reviewRemark: body.reviewRemark };
          changed(emit, next, body.pass ? 'approved' : 'rejected');
          return next;
        },
      );
    },

    /** On sale → suspended by the operator, with a reason its owner sees. */
    async suspend(operatorId: number, body: ListingReasonBody): Promise<ManagedListing> {
      const id = Number(body.id);
      return change({ actorUserId: operatorId, action: 'suspend', target: `listing:${id}` }, async (trx, emit, log) => {
        const row = await reviewable(trx, id);
        const next = await move(trx, row, 'suspend', 7, { review_remark: body.reason });
        await tell(trx, next, 'listing.suspended', body.reason, emit);
        log.before = { objState: row.obj_state };
        log.after = { objState: 7, reviewRemark: body.reason };
        changed(emit, next, 'suspended');
        return next;
      });
    },

    /** Suspended → on sale again; expired instead when its days on sale ran out meanwhile. */
    async reinstate(operatorId: number, body: ListingReasonBody): Promise<ManagedListing> {
      const id = Number(body.id);
      return change({ actorUserId: operatorId, action: 'reinstate', target: `listing:${id}` }, async (trx, emit, log) => {
        const row = await reviewable(trx, id);
        const expired = row.expire_time !== '' && row.expire_time <= now().toISOString();
        const next = await move(trx, row, 'reinstate', expired ? 6 : 1, { review_remark: body.reason });
        if (!expired) await tell(trx, next, 'listing.reinstated', body.reason, emit);
        log.before = { objState: row.obj_state };
        log.after = { objState: next.obj_state, reviewRemark: body.reason };
        changed(emit, next, 'reinstated');
        return next;
      });
    },

    /**
     * The scheduler's handler: a listing still on sale when its days run out leaves the market.
     * Decided by the job's own time, so catching up after downtime expires the same listings.
     */
    async expire(trx: Trx, key: string, runAt: string, emit: Emit): Promise<void> {
      const row = await repo.find(Number(key), trx);
      if (!row || row.obj_state !== 1 || row.expire_time === '' || row.expire_time > runAt) return;
      if (await moveIfAllowed(trx, listingMachine, 'expire', row.id, { to: 6, set: { updated_at: now().toISOString() } })) {
        await tell(trx, row, 'listing.expired', '', emit);
        changed(emit, { ...row, obj_state: 6 }, 'expired');
      }
    },
  };
}
export type ListingManageService = ReturnType<typeof createListingManageService>;
