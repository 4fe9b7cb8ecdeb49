import type { z } from 'zod';
import type {
  EvaluationMethod,
  ManagedTender,
  ManagedTenderPage,
  MyTenderBidRow,
  TenderAnswer,
  TenderBid,
  TenderBidState,
  TenderBidTable,
  TenderEvaluation,
  TenderSave,
  tenderAwardBodySchema,
  tenderBidAnswerBodySchema,
  tenderBidSaveBodySchema,
  tenderEvaluateBodySchema,
  tenderNegotiateBodySchema,
  tenderReviewBodySchema,
} from '@portal/contracts/tender-trade';
import { TENDER_MANAGE_STATES } from '@portal/contracts/tender-trade';
import { AppError, invalidField } from '../../platform/errors';
import type { Scheduler } from '../../platform/scheduler';
import { canonicalJson, type Sealer } from '../../platform/sealing';
import type { Emit, Trx, WritePath } from '../../platform/write-path';
import { sanitizeRichText } from '../cms/cms.service';
import type { DepositLedger } from '../deposits/deposit-ledger';
import { fromMilli, toMilli, type NotifyCompany } from '../listing-manage/listing-manage.service';
import type { MessageDraft } from '../messages/messages.service';
import { amountOf, type OrdersService } from '../orders/orders.service';
import {
  answerAad,
  bidAad,
  bidDigest,
  CHAIN_GENESIS,
  chainDigest,
  openBids,
  rankBids,
  totalOf,
  type BidContent,
  type SealedLine,
} from './tender-sealing';
import { LIVE_BID_STATES, type TenderBidRow, type TenderRow, type TenderTradeRepo } from './tender-trade.repo';

/** Timed steps of a tender: bidding closes, bids open, the negotiation round closes. */
export const TENDER_JOBS = { close: 'tender.close', open: 'tender.open', negotiationClose: 'tender.negotiationClose' } as const;
/** Where messages take the buyer and the supplier. */
export const MY_TENDERS_ROUTE = '/trade/tenders';
export const MY_TENDER_BIDS_ROUTE = '/trade/tender-bids';
export const TENDER_PUBLIC_ROUTE = '/biddingTender';

export interface TenderPolicy {
  review: boolean;
  minValidBids: number;
  minNoticeSeconds: number;
  minBiddingSeconds: number;
}

export interface TenderTradeDeps {
  repo: TenderTradeRepo;
  writes: WritePath;
  scheduler: Scheduler;
  sealer: Sealer;
  orders: Pick<OrdersService, 'createSettled'>;
  deposits: Pick<DepositLedger, 'freeze' | 'release'>;
  notifyCompany: NotifyCompany;
  /** True when the user may review tenders (an operator). */
  isReviewer: (userId: number) => Promise<boolean>;
  policy: TenderPolicy;
  now: () => Date;
}

/** The refusal of an action the tender's current state does not allow, naming that state. */
function stateRefusal(state: number): AppError {
  const label = TENDER_MANAGE_STATES[state as keyof typeof TENDER_MANAGE_STATES];
  return AppError.naming('STATE_NOT_ALLOWED', {
    state: label ?? { 'zh-CN': String(state), 'en-US': String(state), 'zh-TW': String(state) },
  });
}

const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
const iso = (text: string) => new Date(text).toISOString();
const lineOut = (l: SealedLine) => ({
  lineNo: l.lineNo,
  unitPrice: l.unitPrice,
  quantity: fromMilli(l.quantityMilli),
  deliveryDate: l.deliveryDate,
});
const toSealedLines = (lines: { lineNo: number; unitPrice: number; quantity: number; deliveryDate: string }[]): SealedLine[] =>
  [...lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => ({ lineNo: l.lineNo, unitPrice: l.unitPrice, quantityMilli: toMilli(l.quantity), deliveryDate: l.deliveryDate }));

/** Why a tender failed for want of valid bids (the buyer and the bidders read it). */
const tooFewBids = (valid: number, min: number) => `有效投标 ${valid} 份，少于最少 ${min} 份 (${valid} < ${min})`;

interface AnswerContent {
  answer: string;
  lines: SealedLine[];
}

/**
 * Sealed tenders: the buyer's tender from draft to award, the operator's review, the suppliers'
 * sealed bids and answers, and the timed close, opening and end of the negotiation round. Prices
 * exist in the database only as ciphertext until the opening; nothing before it (answers, logs,
 * messages, events) carries one.
 */
export function createTenderTradeService(deps: TenderTradeDeps) {
  const { repo, writes, scheduler, sealer, policy, now } = deps;

  async function companyOf(userId: number, on?: Trx) {
    const member = await repo.member(userId, on);
    if (!member?.company_id) throw new AppError('NOT_FOUND');
    return { companyId: member.company_id, name: member.company_name ?? member.nick_name };
  }

  /** The caller's own tender, locked, or 404 (another company's tender is never hinted at). */
  async function ownTender(trx: Trx, userId: number, id: number): Promise<TenderRow> {
    const { companyId } = await companyOf(userId, trx);
    const row = await repo.findForUpdate(trx, id);
    if (!row || row.company_id !== companyId) throw new AppError('NOT_FOUND');
    return row;
  }

  async function move(trx: Trx, row: TenderRow, from: number[], to: number, values: Parameters<TenderTradeRepo['update']>[2] = {}) {
    if (!from.includes(row.obj_state)) throw stateRefusal(row.obj_state);
    if (!(await repo.transition(trx, row.id, from, { ...values, obj_state: to, updated_at: now().toISOString() }))) {
      throw stateRefusal((await repo.find(row.id, trx))?.obj_state ?? row.obj_state);
    }
    return (await repo.find(row.id, trx))!;
  }

  const changed = (emit: Emit, row: TenderRow, action: string, companyIds: number[] = []) =>
    emit({
      topic: 'tender',
      key: String(row.id),
      action,
      companyIds: [...new Set([row.company_id ?? 0, ...companyIds].filter(Boolean))],
      data: { objState: row.obj_state },
    });

  const tenderParams = (row: TenderRow) => ({ tenderNo: row.tender_no, tenderName: row.tender_name });
  const tell = (
    trx: Trx,
    companyId: number,
    kind: MessageDraft['kind'],
    params: MessageDraft['params'],
    route: string,
    query: Record<string, string>,
    emit: Emit,
  ) => deps.notifyCompany(trx, companyId, { kind, params, link: { route, query } }, emit);
  const tellBuyer = (trx: Trx, row: TenderRow, kind: MessageDraft['kind'], extra: MessageDraft['params'], emit: Emit) =>
    row.company_id
      ? tell(trx, row.company_id, kind, { ...tenderParams(row), ...extra }, MY_TENDERS_ROUTE, { id: String(row.id) }, emit)
      : Promise.resolve();
  const tellBidder = (trx: Trx, row: TenderRow, bid: TenderBidRow, kind: MessageDraft['kind'], extra: MessageDraft['params'], emit: Emit) =>
    tell(
      trx,
      bid.supplier_company_id,
      kind,
      { ...tenderParams(row), party: row.user_name, ...extra },
      MY_TENDER_BIDS_ROUTE,
      { tenderId: String(row.id) },
      emit,
    );

  // --- reading -------------------------------------------------------------------------------

  /** A bid's opened lines, with the final quote's prices where the closed round gave one. */
  function effectiveLines(bid: TenderBidRow, answer?: { opened_json: string }): SealedLine[] {
    if (!bid.opened_json) return [];
    const first = (JSON.parse(bid.opened_json) as BidContent).lines;
    if (!answer?.opened_json) return first;
    const final = new Map((JSON.parse(answer.opened_json) as AnswerContent).lines.map((l) => [l.lineNo, l]));
    return first.map((l) => final.get(l.lineNo) ?? l);
  }

  async function present(row: TenderRow, on?: Trx): Promise<ManagedTender> {
    const [lines, bidCount, chain, awards] = await Promise.all([
      repo.lines(row.id, on),
      repo.bidCount(row.id, on),
      row.opened_at ? repo.chain(row.id, on) : Promise.resolve([]),
      row.obj_state === 6 ? repo.awards(row.id, on) : Promise.resolve([]),
    ]);
    const openingRow = chain.find((c) => c.kind === 'opening');
    const opening = openingRow
      ? (() => {
          const content = JSON.parse(openingRow.content) as {
            time: string;
            bids: { bidId: string; supplierName: string; version: number; digest: string }[];
          };
          return {
            time: content.time,
            bids: content.bids.map((b) => ({ bidId: b.bidId, supplierName: b.supplierName, version: b.version, digest: b.digest })),
            digest: openingRow.digest,
          };
        })()
      : null;
    let negotiation: ManagedTender['negotiation'] = null;
    if (row.negotiation_kind) {
      const answers = await repo.answers(row.id, on);
      const closed = row.negotiation_closed_at !== '';
      const bids = closed ? new Map((await repo.bids(row.id, on)).map((b) => [b.id, b])) : new Map<number, TenderBidRow>();
      negotiation = {
        kind: row.negotiation_kind === 'finalQuote' ? 'finalQuote' : 'clarification',
        question: row.negotiation_question,
        deadline: row.negotiation_deadline,
        time: row.negotiation_at,
        answerCount: answers.length,
        closed,
        answers: closed
          ? answers
              .filter((a) => a.opened_json)
              .map((a) => {
                const content = JSON.parse(a.opened_json) as AnswerContent;
                return {
                  bidId: String(a.bid_id),
                  supplierName: bids.get(a.bid_id)?.supplier_name ?? '',
                  answer: content.answer,
                  time: a.receipt_time,
                  lines: content.lines.map(lineOut),
                };
              })
          : [],
      };
    }
    const at = now().toISOString();
    return {
      id: String(row.id),
      tenderNo: row.tender_no,
      tenderName: row.tender_name,
      tenderType: row.tender_type === 'inquiry' ? 'inquiry' : 'bidding',
      currency: row.currency,
      paymentType: row.payment_type,
      contactName: row.contact_name,
      contactPhone: row.contact_phone,
      description: row.description,
      bidBeginTime: row.bid_begin_at,
      bidEndTime: row.bid_end_at,
      openTime: row.open_at || row.bid_end_at,
      evaluationMethod: row.evaluation_method === 'scoring' ? 'scoring' : 'lowest',
      priceWeight: row.evaluation_method === 'scoring' ? row.price_weight : null,
      minValidBids: row.min_valid_bids,
      deposit: Number(row.deposit),
      documentFileIds: JSON.parse(row.document_file_ids || '[]') as string[],
      lines: lines.map((l, index) => ({
        lineNo: index + 1,
        goodsName: l.goods_name,
        specification: l.specification,
        quantity: fromMilli(l.quantity_milli),
        unit: l.unit,
        deliveryPlace: l.delivery_place,
        deliveryDate: l.delivery_date,
      })),
      objState: row.obj_state,
      reviewRemark: row.review_remark,
      closeReason: row.close_reason,
      publishTime: row.obj_state >= 2 ? row.publish_time : '',
      overdueFlag: row.bid_end_at < at ? 'Y' : 'N',
      userId: String(row.user_id),
      userName: row.user_name,
      bidCount,
      opening,
      evaluation: row.evaluation_json ? (JSON.parse(row.evaluation_json) as TenderEvaluation) : null,
      negotiation,
      awards: awards.map((a) => ({
        lineNo: a.line_no,
        bidId: String(a.bid_id),
        supplierUserId: String(a.supplier_user_id),
        supplierName: a.supplier_name,
        quantity: fromMilli(a.quantity_milli),
        unitPrice: Number(a.unit_price),
        orderNo: a.order_no,
      })),
      serverTime: at,
      updatedAt: row.updated_at,
    };
  }

  /**
   * A bid as shown: to the buyer after the opening, to its own supplier always (its own prices,
   * opened from the seal when needed); after the award the supplier also sees its outcome and the
   * winning prices.
   */
  async function presentBid(row: TenderRow, bid: TenderBidRow, viewer: 'buyer' | 'supplier', on?: Trx): Promise<TenderBid> {
    const answer = await repo.answerOf(bid.id, on);
    let lines: SealedLine[];
    let content: BidContent;
    if (bid.opened_json) {
      content = JSON.parse(bid.opened_json) as BidContent;
      lines = effectiveLines(bid, answer);
    } else {
      content = JSON.parse(sealer.open(bid.key_id, bid.sealed, bidAad(bid.tender_id, bid.supplier_company_id))) as BidContent;
      lines = content.lines;
    }
    const awarded = row.obj_state === 6 ? await repo.awards(row.id, on) : [];
    const showRank = viewer === 'buyer' || row.obj_state === 6;
    const view: TenderBid = {
      bidId: String(bid.id),
      tenderId: String(bid.tender_id),
      supplierUserId: String(bid.supplier_user_id),
      supplierName: bid.supplier_name,
      version: bid.version,
      state: bid.state as TenderBidState,
      invalidReason: bid.invalid_reason,
      lines: lines.map(lineOut),
      remark: content.remark,
      fileIds: content.fileIds,
      total: totalOf(lines),
      rank: showRank ? bid.rank : null,
      score: showRank ? bid.score : null,
      receipt: { digest: bid.digest, time: bid.receipt_time },
      updatedAt: bid.updated_at,
    };
    if (row.obj_state === 6 && (bid.state === 'won' || bid.state === 'lost')) {
      view.outcome = bid.state;
      view.awarded = awarded
        .filter((a) => a.bid_id === bid.id)
        .map((a) => ({ lineNo: a.line_no, quantity: fromMilli(a.quantity_milli), unitPrice: Number(a.unit_price) }));
      const best = new Map<number, number>();
      for (const a of awarded) best.set(a.line_no, Math.min(best.get(a.line_no) ?? Infinity, Number(a.unit_price)));
      view.winningPrices = [...best].map(([lineNo, unitPrice]) => ({ lineNo, unitPrice }));
    }
    if (viewer === 'supplier') {
      view.answer = answer
        ? (() => {
            const c = (
              answer.opened_json
                ? JSON.parse(answer.opened_json)
                : JSON.parse(sealer.open(answer.key_id, answer.sealed, answerAad(answer.tender_id, answer.bid_id)))
            ) as AnswerContent;
            return {
              answer: c.answer,
              time: answer.receipt_time,
              lines: c.lines.map(lineOut),
              receipt: { digest: answer.digest, time: answer.receipt_time },
            };
          })()
        : null;
    }
    return view;
  }

  // --- the buyer's tender ----------------------------------------------------------------------

  async function checkTerms(input: TenderSave) {
    const files = [...new Set(input.documentFileIds)];
    const stored = await repo.existingFileIds(files);
    if (files.some((id) => !stored.has(id))) throw invalidField('documentFileIds', 'invalidValue');
    const openAt = input.openTime ?? input.bidEndTime;
    if (Date.parse(openAt) < Date.parse(input.bidEndTime)) throw invalidField('openTime', 'invalidValue');
    return { files, openAt: iso(openAt) };
  }

  /** The checks that depend on the moment of publishing: notice before bidding, the shortest period, an end still ahead. */
  function checkTimes(row: TenderRow): void {
    const at = now().getTime();
    const begin = Date.parse(row.bid_begin_at);
    const end = Date.parse(row.bid_end_at);
    if (end - begin < policy.minBiddingSeconds * 1000) throw invalidField('bidEndTime', 'invalidValue');
    if (end <= at) throw invalidField('bidEndTime', 'invalidValue');
    if (policy.minNoticeSeconds > 0 && begin < at + policy.minNoticeSeconds * 1000) throw invalidField('bidBeginTime', 'invalidValue');
  }

  /** A tender goes public: the hall shows it, its close and opening are scheduled, the supplier list is told. */
  async function goLive(trx: Trx, row: TenderRow, emit: Emit): Promise<TenderRow> {
    const at = now().toISOString();
    const live = await move(trx, row, [0, 1], 2, { publish_time: at });
    await scheduler.schedule(trx, { kind: TENDER_JOBS.close, key: String(row.id), runAt: new Date(live.bid_end_at) });
    await scheduler.schedule(trx, { kind: TENDER_JOBS.open, key: String(row.id), runAt: new Date(live.open_at || live.bid_end_at) });
    const suppliers = await repo.suppliersOf(live.user_id, trx);
    const companies = new Set<number>();
    for (const supplierUserId of suppliers) {
      const member = await repo.member(supplierUserId, trx);
      if (member?.company_id) companies.add(member.company_id);
    }
    for (const companyId of companies) {
      await tell(
        trx,
        companyId,
        'tender.published',
        { ...tenderParams(live), party: live.user_name, deadline: live.bid_end_at },
        TENDER_PUBLIC_ROUTE,
        { id: String(live.id) },
        emit,
      );
    }
    changed(emit, live, 'publish');
    return live;
  }

  async function releaseDeposits(trx: Trx, row: TenderRow, bids: TenderBidRow[], emit: Emit): Promise<void> {
    for (const bid of bids) {
      const frozen = Number(bid.deposit_frozen);
      if (frozen <= 0) continue;
      await deps.deposits.release(
        trx,
        { companyId: bid.supplier_company_id, currency: row.currency, amount: frozen, reference: `tender-bid:${bid.id}` },
        emit,
      );
      await repo.updateBid(trx, bid.id, { deposit_frozen: 0 });
    }
  }

  /** Ends a tender in 7 (cancelled or failed): jobs dropped, deposits released, bidders and buyer told. */
  async function closeAsFailed(
    trx: Trx,
    row: TenderRow,
    from: number[],
    reason: string,
    kind: 'tender.cancelled' | 'tender.failed',
    emit: Emit,
    runningJob?: string,
  ) {
    const closed = await move(trx, row, from, 7, { close_reason: reason });
    // The job running now is marked done by the scheduler itself; cancelling it would undo this.
    for (const job of Object.values(TENDER_JOBS)) if (job !== runningJob) await scheduler.cancel(trx, job, String(row.id));
    const bids = (await repo.bids(row.id, trx)).filter((b) => LIVE_BID_STATES.includes(b.state));
    await releaseDeposits(trx, closed, bids, emit);
    for (const bid of bids) await tellBidder(trx, closed, bid, kind, { reason }, emit);
    if (kind === 'tender.failed') await tellBuyer(trx, closed, kind, { reason }, emit);
    changed(
      emit,
      closed,
      kind === 'tender.failed' ? 'fail' : 'cancel',
      bids.map((b) => b.supplier_company_id),
    );
    return closed;
  }

  async function appendChain(trx: Trx, row: TenderRow, kind: string, content: Record<string, unknown>): Promise<string> {
    const chain = await repo.chain(row.id, trx);
    const prev = chain.at(-1)?.digest ?? CHAIN_GENESIS;
    const text = canonicalJson({ kind, tenderId: row.id, tenderNo: row.tender_no, ...content });
    const digest = chainDigest(prev, text);
    await repo.insertChain(trx, {
      tender_id: row.id,
      seq: chain.length + 1,
      kind,
      content: text,
      prev_digest: prev,
      digest,
      created_at: now().toISOString(),
    });
    await repo.update(trx, row.id, { chain_digest: digest });
    return digest;
  }

  // --- opening, failing, ranking ---------------------------------------------------------------

  /** Opens every submitted bid at once, verifies each against its receipt and writes the opening record. */
  async function open(trx: Trx, id: number, emit: Emit): Promise<void> {
    let row = await repo.findForUpdate(trx, id);
    if (!row || row.opened_at || ![2, 3].includes(row.obj_state)) return;
    if (row.obj_state === 2) row = await move(trx, row, [2], 3);
    const at = now().toISOString();
    const bids = (await repo.bids(id, trx)).filter((b) => b.state === 'submitted');
    const opened = openBids(
      sealer,
      bids.map((b) => ({
        id: b.id,
        tenderId: b.tender_id,
        supplierCompanyId: b.supplier_company_id,
        version: b.version,
        keyId: b.key_id,
        sealed: b.sealed,
        digest: b.digest,
        receiptTime: b.receipt_time,
      })),
    );
    const byId = new Map(bids.map((b) => [b.id, b]));
    const good = opened.filter((o) => o.content);
    const ranks = new Map(
      rankBids(
        good.map((o) => ({ id: o.id, total: o.total, technicalScore: null, receiptTime: byId.get(o.id)!.receipt_time })),
        'lowest',
        null,
      ).map((r) => [r.id, r]),
    );
    for (const o of opened) {
      await repo.updateBid(trx, o.id, {
        state: o.content ? 'opened' : 'invalid',
        invalid_reason: o.problem,
        opened_json: o.content ? canonicalJson(o.content) : '',
        total: o.content ? o.total : null,
        rank: ranks.get(o.id)?.rank ?? null,
        updated_at: at,
      });
    }
    await appendChain(trx, row, 'opening', {
      time: at,
      bids: bids.map((b) => ({
        bidId: String(b.id),
        supplierName: b.supplier_name,
        version: b.version,
        digest: b.digest,
        receiptTime: b.receipt_time,
      })),
    });
    await repo.update(trx, id, { opened_at: at, updated_at: at });
    row = (await repo.find(id, trx))!;
    if (good.length < row.min_valid_bids) {
      await closeAsFailed(trx, row, [3], tooFewBids(good.length, row.min_valid_bids), 'tender.failed', emit, TENDER_JOBS.open);
      return;
    }
    for (const bid of bids) await tellBidder(trx, row, bid, 'tender.opened', { count: bids.length }, emit);
    await tellBuyer(trx, row, 'tender.opened', { count: bids.length }, emit);
    changed(
      emit,
      row,
      'open',
      bids.map((b) => b.supplier_company_id),
    );
  }

  function evaluationOf(row: TenderRow, bids: TenderBidRow[], method: EvaluationMethod): TenderEvaluation {
    const judged = bids.filter((b) => b.state !== 'withdrawn' && b.state !== 'submitted');
    return {
      time: now().toISOString(),
      method,
      priceWeight: method === 'scoring' ? row.price_weight : null,
      rows: judged
        .map((b) => ({
          bidId: String(b.id),
          supplierName: b.supplier_name,
          valid: b.state !== 'invalid',
          invalidReason: b.invalid_reason,
          total: Number(b.total ?? 0),
          priceScore: b.state === 'invalid' ? 0 : b.score !== null && method === 'lowest' ? b.score : priceScoreOf(b, judged),
          technicalScore: b.technical_score,
          score: b.state === 'invalid' ? 0 : (b.score ?? 0),
          rank: b.state === 'invalid' ? null : b.rank,
        }))
        .sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity)),
    };
  }
  function priceScoreOf(bid: TenderBidRow, all: TenderBidRow[]): number {
    const totals = all.filter((b) => b.state !== 'invalid' && Number(b.total) > 0).map((b) => Number(b.total));
    const lowest = totals.length ? Math.min(...totals) : 0;
    return lowest && Number(bid.total) > 0 ? Math.round((lowest / Number(bid.total)) * 10000) / 100 : 0;
  }

  /** Ranks the valid bids again (after evaluation or final quotes) and stores scores and ranks. */
  async function rerank(trx: Trx, row: TenderRow): Promise<void> {
    const bids = await repo.bids(row.id, trx);
    const valid = bids.filter((b) => b.state === 'valid');
    const method = row.evaluation_method === 'scoring' ? 'scoring' : 'lowest';
    const ranked = rankBids(
      valid.map((b) => ({ id: b.id, total: Number(b.total ?? 0), technicalScore: b.technical_score, receiptTime: b.receipt_time })),
      method,
      row.price_weight,
    );
    for (const r of ranked) await repo.updateBid(trx, r.id, { rank: r.rank, score: r.score });
    await repo.update(trx, row.id, { evaluation_json: JSON.stringify(evaluationOf(row, await repo.bids(row.id, trx), method)) });
  }

  // --- the supplier's side ---------------------------------------------------------------------

  /** A tender a supplier may act on: public, not its own, and the buyer keeps it on the supplier list. */
  async function biddable(trx: Trx | null, userId: number, tenderId: number) {
    const supplier = await companyOf(userId, trx ?? undefined);
    const row = trx ? await repo.findForUpdate(trx, tenderId) : await repo.find(tenderId);
    if (!row || row.obj_state < 2) throw new AppError('NOT_FOUND');
    if (row.company_id === supplier.companyId) throw new AppError('OWN_TENDER');
    if (!(await repo.hasRelation(row.user_id, userId, trx ?? undefined))) throw new AppError('NO_SUPPLY_RELATION');
    return { row, supplier };
  }

  function checkBiddingOpen(row: TenderRow): void {
    const at = now().toISOString();
    if (row.obj_state !== 2 || at >= iso(row.bid_end_at)) throw new AppError('TENDER_BIDDING_CLOSED', { time: row.bid_end_at });
    if (at < iso(row.bid_begin_at)) throw new AppError('TENDER_NOT_STARTED', { time: row.bid_begin_at });
  }

  async function checkBidLines(row: TenderRow, lines: SealedLine[], trx: Trx): Promise<void> {
    const tenderLines = await repo.lines(row.id, trx);
    for (const l of lines) {
      const line = tenderLines[l.lineNo - 1];
      if (!line) throw new AppError('BID_LINE_UNKNOWN', { lineNo: l.lineNo });
      if (l.quantityMilli > Number(line.quantity_milli))
        throw new AppError('BID_QUANTITY_OVER_LINE', { lineNo: l.lineNo, max: fromMilli(line.quantity_milli) });
    }
  }

  return {
    async save(userId: number, input: TenderSave): Promise<ManagedTender> {
      const member = await companyOf(userId);
      const terms = await checkTerms(input);
      const values = {
        tender_name: input.tenderName,
        tender_type: input.tenderType,
        currency: input.currency,
        payment_type: input.paymentType,
        contact_name: input.contactName,
        contact_phone: input.contactPhone,
        description: sanitizeRichText(input.description),
        bid_begin_at: iso(input.bidBeginTime),
        bid_end_at: iso(input.bidEndTime),
        open_at: terms.openAt,
        evaluation_method: input.evaluationMethod,
        price_weight: input.evaluationMethod === 'scoring' ? (input.priceWeight ?? null) : null,
        min_valid_bids: input.minValidBids ?? policy.minValidBids,
        deposit: input.deposit,
        document_file_ids: JSON.stringify(terms.files),
        updated_at: now().toISOString(),
      };
      const lines = input.lines.map((l, index) => ({
        sort: index,
        goods_name: l.goodsName,
        specification: l.specification,
        quantity_milli: toMilli(l.quantity),
        unit: l.unit,
        delivery_place: l.deliveryPlace,
        delivery_date: l.deliveryDate,
      }));
      const id = await writes.write(
        { actorUserId: userId, action: input.id ? 'update' : 'create', target: `tender:${input.id ?? 'new'}` },
        async (trx, emit, log) => {
          if (input.id) {
            const row = await ownTender(trx, userId, Number(input.id));
            if (row.obj_state !== 0) throw stateRefusal(row.obj_state);
            await repo.update(trx, row.id, values);
            await repo.replaceLines(trx, row.id, lines);
            log.after = { tenderName: values.tender_name, lines: lines.length };
            changed(emit, row, 'save');
            return row.id;
          }
          const newId = await repo.insert(trx, {
            ...values,
            user_id: userId,
            company_id: member.companyId,
            user_name: member.name,
            tender_no: `TMP${crypto.randomUUID().replace(/-/g, '').slice(0, 30)}`,
            obj_state: 0,
            publish_time: '',
          });
          await repo.update(trx, newId, { tender_no: `ZB${ymd(now())}${String(newId).padStart(6, '0')}` });
          await repo.replaceLines(trx, newId, lines);
          log.after = { id: newId, tenderName: values.tender_name, lines: lines.length };
          return newId;
        },
      );
      return present((await repo.find(id))!);
    },

    async publish(userId: number, id: number): Promise<ManagedTender> {
      const row = await writes.write({ actorUserId: userId, action: 'publish', target: `tender:${id}` }, async (trx, emit, log) => {
        const own = await ownTender(trx, userId, id);
        if (own.obj_state !== 0) throw stateRefusal(own.obj_state);
        checkTimes(own);
        log.before = { objState: own.obj_state };
        const next = policy.review ? await move(trx, own, [0], 1, { review_remark: '' }) : await goLive(trx, own, emit);
        if (policy.review) changed(emit, next, 'submit');
        log.after = { objState: next.obj_state };
        return next;
      });
      return present(row);
    },

    async cancel(userId: number, id: number, reason: string): Promise<ManagedTender> {
      const row = await writes.write({ actorUserId: userId, action: 'cancel', target: `tender:${id}` }, async (trx, emit, log) => {
        const own = await ownTender(trx, userId, id);
        log.before = { objState: own.obj_state };
        const closed = await closeAsFailed(trx, own, [0, 1, 2, 3], reason, 'tender.cancelled', emit);
        log.after = { objState: 7, reason };
        return closed;
      });
      return present(row);
    },

    async myPage(userId: number, q: { pageNo: number; pageSize: number; objState?: number | undefined }): Promise<ManagedTenderPage> {
      const { companyId } = await companyOf(userId);
      const states = q.objState === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [q.objState];
      const { rows, total } = await repo.page({ companyId, states }, q.pageNo, q.pageSize);
      return { items: await Promise.all(rows.map((r) => present(r))), totalItem: total, pageNo: q.pageNo, pageSize: q.pageSize };
    },

    async reviewPage(q: { pageNo: number; pageSize: number; objState?: number | undefined }): Promise<ManagedTenderPage> {
      // Drafts are their owner's alone: the queue never shows them.
      if (q.objState === 0) return { items: [], totalItem: 0, pageNo: q.pageNo, pageSize: q.pageSize };
      const { rows, total } = await repo.page({ states: [q.objState ?? 1] }, q.pageNo, q.pageSize);
      return { items: await Promise.all(rows.map((r) => present(r))), totalItem: total, pageNo: q.pageNo, pageSize: q.pageSize };
    },

    async review(userId: number, body: z.output<typeof tenderReviewBodySchema>): Promise<ManagedTender> {
      const id = Number(body.id);
      const row = await writes.write(
        { actorUserId: userId, action: body.pass ? 'approve' : 'reject', target: `tender:${id}` },
        async (trx, emit, log) => {
          const found = await repo.findForUpdate(trx, id);
          if (!found || found.obj_state === 0) throw new AppError('NOT_FOUND');
          if (found.obj_state !== 1) throw stateRefusal(found.obj_state);
          log.before = { objState: 1 };
          let next: TenderRow;
          if (body.pass) {
            next = await goLive(trx, found, emit);
            await repo.update(trx, id, { review_remark: body.reviewRemark });
            await tellBuyer(trx, next, 'tender.approved', {}, emit);
          } else {
            next = await move(trx, found, [1], 0, { review_remark: body.reviewRemark });
            await tellBuyer(trx, next, 'tender.rejected', { reason: body.reviewRemark }, emit);
            changed(emit, next, 'reject');
          }
          log.after = { objState: next.obj_state, reviewRemark: body.reviewRemark };
          return (await repo.find(id, trx))!;
        },
      );
      return present(row);
    },

    /** The buyer's own tender, or (for an operator) any tender past its draft. */
    async detail(userId: number, id: number): Promise<ManagedTender> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND');
      const member = await repo.member(userId);
      const own = member?.company_id != null && member.company_id === row.company_id;
      if (!own && (row.obj_state === 0 || !(await deps.isReviewer(userId)))) throw new AppError('NOT_FOUND');
      return present(row);
    },

    async bids(userId: number, id: number): Promise<TenderBidTable> {
      const { companyId } = await companyOf(userId);
      const row = await repo.find(id);
      if (!row || row.company_id !== companyId) throw new AppError('NOT_FOUND');
      const bidCount = await repo.bidCount(id);
      // Before the opening the buyer learns how many bids exist, nothing more.
      if (!row.opened_at) return { bidCount, opened: false, items: [] };
      const bids = (await repo.bids(id)).filter((b) => b.state !== 'withdrawn');
      const items = await Promise.all(bids.filter((b) => b.opened_json).map((b) => presentBid(row, b, 'buyer')));
      const unopened = bids.filter((b) => !b.opened_json);
      for (const b of unopened) {
        items.push({
          bidId: String(b.id),
          tenderId: String(id),
          supplierUserId: String(b.supplier_user_id),
          supplierName: b.supplier_name,
          version: b.version,
          state: 'invalid',
          invalidReason: b.invalid_reason,
          lines: [],
          remark: '',
          fileIds: [],
          total: 0,
          rank: null,
          score: null,
          receipt: { digest: b.digest, time: b.receipt_time },
          updatedAt: b.updated_at,
        });
      }
      items.sort((a, b) => (a.rank ?? Infinity) - (b.rank ?? Infinity) || Number(a.bidId) - Number(b.bidId));
      return { bidCount, opened: true, items };
    },

    async evaluate(userId: number, body: z.output<typeof tenderEvaluateBodySchema>): Promise<ManagedTender> {
      const id = Number(body.id);
      const row = await writes.write({ actorUserId: userId, action: 'evaluate', target: `tender:${id}` }, async (trx, emit, log) => {
        const own = await ownTender(trx, userId, id);
        if (own.obj_state !== 3 || !own.opened_at) throw stateRefusal(own.obj_state);
        const scoring = own.evaluation_method === 'scoring';
        const bids = (await repo.bids(id, trx)).filter((b) => b.state === 'opened' || b.state === 'invalid');
        const judged = new Map(body.bids.map((j) => [j.bidId, j]));
        for (const bid of bids) {
          const j = judged.get(String(bid.id));
          // A bid that failed its digest check at the opening stays invalid, whatever the judgement.
          if (!j && !bid.opened_json) continue;
          if (!j) throw new AppError('EVALUATION_INCOMPLETE', { bidId: String(bid.id) });
          const valid = j.valid && bid.opened_json !== '';
          if (!valid && !(j.reason ?? '').trim() && !bid.invalid_reason)
            throw new AppError('INVALID_BID_NEEDS_REASON', { bidId: String(bid.id) });
          if (valid && scoring && j.technicalScore === undefined) throw new AppError('TECHNICAL_SCORE_REQUIRED', { bidId: String(bid.id) });
        }
        for (const key of judged.keys()) if (!bids.some((b) => String(b.id) === key)) throw new AppError('NOT_FOUND');
        let validCount = 0;
        for (const bid of bids) {
          const j = judged.get(String(bid.id));
          if (!j) continue;
          const valid = j.valid && bid.opened_json !== '';
          if (valid) validCount++;
          await repo.updateBid(trx, bid.id, {
            state: valid ? 'valid' : 'invalid',
            invalid_reason: valid ? '' : (j.reason ?? '').trim() || bid.invalid_reason,
            technical_score: valid && scoring ? (j.technicalScore ?? null) : null,
            rank: null,
            score: null,
            updated_at: now().toISOString(),
          });
        }
        log.after = { valid: validCount, invalid: bids.length - validCount };
        if (validCount < own.min_valid_bids) {
          await rerank(trx, own);
          return closeAsFailed(trx, own, [3], tooFewBids(validCount, own.min_valid_bids), 'tender.failed', emit);
        }
        const next = await move(trx, own, [3], 4);
        await rerank(trx, next);
        changed(
          emit,
          next,
          'evaluate',
          bids.map((b) => b.supplier_company_id),
        );
        return next;
      });
      return present((await repo.find(row.id))!);
    },

    async negotiate(userId: number, body: z.output<typeof tenderNegotiateBodySchema>): Promise<ManagedTender> {
      const id = Number(body.id);
      const row = await writes.write({ actorUserId: userId, action: 'negotiate', target: `tender:${id}` }, async (trx, emit, log) => {
        const own = await ownTender(trx, userId, id);
        if (own.obj_state !== 4) throw stateRefusal(own.obj_state);
        if (own.negotiation_kind) throw new AppError('NEGOTIATION_HELD');
        if (Date.parse(body.deadline) <= now().getTime()) throw new AppError('DEADLINE_TOO_EARLY');
        const kind = own.tender_type === 'inquiry' ? 'finalQuote' : 'clarification';
        const deadline = iso(body.deadline);
        await repo.update(trx, id, {
          negotiation_kind: kind,
          negotiation_question: body.question,
          negotiation_deadline: deadline,
          negotiation_at: now().toISOString(),
          updated_at: now().toISOString(),
        });
        await scheduler.schedule(trx, { kind: TENDER_JOBS.negotiationClose, key: String(id), runAt: new Date(deadline) });
        const valid = (await repo.bids(id, trx)).filter((b) => b.state === 'valid');
        const next = (await repo.find(id, trx))!;
        for (const bid of valid) await tellBidder(trx, next, bid, 'tender.negotiation', { deadline, reason: body.question }, emit);
        log.after = { kind, deadline };
        changed(
          emit,
          next,
          'negotiate',
          valid.map((b) => b.supplier_company_id),
        );
        return next;
      });
      return present(row);
    },

    async award(userId: number, body: z.output<typeof tenderAwardBodySchema>): Promise<ManagedTender> {
      const id = Number(body.id);
      const row = await writes.write({ actorUserId: userId, action: 'award', target: `tender:${id}` }, async (trx, emit, log) => {
        const own = await ownTender(trx, userId, id);
        if (own.obj_state !== 4 && own.obj_state !== 5) throw stateRefusal(own.obj_state);
        // An open negotiation round is waited for: its answers may change the ranking.
        if (own.obj_state === 4 && own.negotiation_kind && !own.negotiation_closed_at) throw new AppError('NEGOTIATION_HELD');
        const lines = await repo.lines(id, trx);
        const bids = await repo.bids(id, trx);
        const bidById = new Map(bids.map((b) => [String(b.id), b]));
        const merged = new Map<string, { lineNo: number; bid: TenderBidRow; quantityMilli: number; unitPrice: number }>();
        for (const a of body.awards) {
          const bid = bidById.get(a.bidId);
          const line = lines[a.lineNo - 1];
          if (!line) throw new AppError('BID_LINE_UNKNOWN', { lineNo: a.lineNo });
          const quoted =
            bid && bid.state === 'valid'
              ? effectiveLines(bid, await repo.answerOf(bid.id, trx)).find((l) => l.lineNo === a.lineNo)
              : undefined;
          if (!bid || !quoted) throw new AppError('AWARD_BID_NOT_ELIGIBLE', { bidId: a.bidId, lineNo: a.lineNo });
          const key = `${a.lineNo}:${a.bidId}`;
          const entry = merged.get(key) ?? { lineNo: a.lineNo, bid, quantityMilli: 0, unitPrice: quoted.unitPrice };
          entry.quantityMilli += toMilli(a.quantity);
          if (entry.quantityMilli > quoted.quantityMilli)
            throw new AppError('AWARD_OVER_LINE', { lineNo: a.lineNo, max: fromMilli(quoted.quantityMilli) });
          merged.set(key, entry);
        }
        const perLine = new Map<number, number>();
        for (const e of merged.values()) perLine.set(e.lineNo, (perLine.get(e.lineNo) ?? 0) + e.quantityMilli);
        for (const [lineNo, milli] of perLine) {
          const max = Number(lines[lineNo - 1]!.quantity_milli);
          if (milli > max) throw new AppError('AWARD_OVER_LINE', { lineNo, max: fromMilli(max) });
        }
        const at = now();
        const recorded: Record<string, unknown>[] = [];
        for (const e of merged.values()) {
          const line = lines[e.lineNo - 1]!;
          const days = Math.max(1, Math.ceil((Date.parse(`${line.delivery_date}T00:00:00Z`) - at.getTime()) / 86_400_000));
          const order = await deps.orders.createSettled(
            trx,
            {
              origin: 'tender',
              originCode: own.tender_no,
              settlementKey: `tender:${id}:${e.lineNo}:${e.bid.id}`,
              buyerCompanyId: own.company_id!,
              buyerUserId: own.user_id,
              buyerName: own.user_name,
              sellerCompanyId: e.bid.supplier_company_id,
              sellerUserId: e.bid.supplier_user_id,
              sellerName: e.bid.supplier_name,
              snapshot: {
                varietyCode: '',
                varietyName: line.goods_name,
                goodsSkuName: line.specification ? `${line.goods_name} ${line.specification}` : line.goods_name,
                unit: line.unit,
                singlePrice: e.unitPrice,
                currency: own.currency,
                listingType: 'A',
                paymentType: own.payment_type,
                transportWay: '',
                deliveryPlace: line.delivery_place,
                objPeriodDay: Number.isFinite(days) ? days : 1,
                depositRatio: 0,
              },
              quantityMilli: e.quantityMilli,
              amount: amountOf(e.unitPrice, e.quantityMilli),
              depositFrozen: 0,
              deliveryAddress: line.delivery_place,
              contactName: own.contact_name,
              contactPhone: own.contact_phone,
            },
            emit,
          );
          await repo.insertAward(trx, {
            tender_id: id,
            line_no: e.lineNo,
            bid_id: e.bid.id,
            supplier_user_id: e.bid.supplier_user_id,
            supplier_name: e.bid.supplier_name,
            quantity_milli: e.quantityMilli,
            unit_price: e.unitPrice,
            order_no: order.order_no,
          });
          recorded.push({
            lineNo: e.lineNo,
            bidId: String(e.bid.id),
            quantityMilli: e.quantityMilli,
            unitPrice: e.unitPrice,
            orderNo: order.order_no,
          });
        }
        const winners = new Set([...merged.values()].map((e) => e.bid.id));
        for (const bid of bids.filter((b) => b.state === 'valid')) {
          await repo.updateBid(trx, bid.id, { state: winners.has(bid.id) ? 'won' : 'lost', updated_at: at.toISOString() });
        }
        await releaseDeposits(trx, own, bids, emit);
        await appendChain(trx, own, 'award', { time: at.toISOString(), awards: recorded });
        const done = await move(trx, own, [4, 5], 6);
        const participants = bids.filter((b) => b.state === 'valid');
        for (const bid of participants) await tellBidder(trx, done, bid, winners.has(bid.id) ? 'tender.won' : 'tender.lost', {}, emit);
        const rowsHtml = [...merged.values()]
          .map(
            (e) =>
              `<li>${escapeHtml(lines[e.lineNo - 1]!.goods_name)}：${escapeHtml(e.bid.supplier_name)}，${fromMilli(e.quantityMilli)} ${escapeHtml(lines[e.lineNo - 1]!.unit)}</li>`,
          )
          .join('');
        await repo.insertDealNotice(trx, {
          title: `${own.tender_name}成交公告`,
          remark: `${own.tender_no} 已定标，中标单位：${[...new Set([...merged.values()].map((e) => e.bid.supplier_name))].join('、')}`,
          html: sanitizeRichText(
            `<p>招标编号：${escapeHtml(own.tender_no)}</p><p>招标单位：${escapeHtml(own.user_name)}</p><ul>${rowsHtml}</ul>`,
          ),
          at: at.toISOString(),
        });
        log.after = { objState: 6, awards: recorded.length };
        changed(
          emit,
          done,
          'award',
          bids.map((b) => b.supplier_company_id),
        );
        return done;
      });
      return present(row);
    },

    // --- supplier calls ---

    async bidSave(userId: number, body: z.output<typeof tenderBidSaveBodySchema>): Promise<TenderBid> {
      const tenderId = Number(body.tenderId);
      const files = [...new Set(body.fileIds)];
      const stored = await repo.existingFileIds(files);
      if (files.some((f) => !stored.has(f))) throw invalidField('fileIds', 'invalidValue');
      const result = await writes.write({ actorUserId: userId, action: 'bid', target: `tender:${tenderId}` }, async (trx, emit, log) => {
        const { row, supplier } = await biddable(trx, userId, tenderId);
        checkBiddingOpen(row);
        const lines = toSealedLines(body.lines);
        await checkBidLines(row, lines, trx);
        const existing = await repo.bidOf(tenderId, supplier.companyId, trx);
        const version = (existing?.version ?? 0) + 1;
        const time = now().toISOString();
        const content: BidContent = { lines, remark: body.remark, fileIds: files };
        const digest = bidDigest({ tenderId, supplierCompanyId: supplier.companyId, version, content, time });
        const { keyId, sealed } = sealer.seal(canonicalJson(content), bidAad(tenderId, supplier.companyId));
        const values = {
          supplier_user_id: userId,
          supplier_name: supplier.name,
          version,
          state: 'submitted',
          key_id: keyId,
          sealed,
          digest,
          receipt_time: time,
          updated_at: time,
        };
        let bidId: number;
        if (existing) {
          await repo.updateBid(trx, existing.id, values);
          bidId = existing.id;
        } else {
          bidId = await repo.insertBid(trx, { ...values, tender_id: tenderId, supplier_company_id: supplier.companyId, created_at: time });
        }
        const deposit = Number(row.deposit);
        if (deposit > 0 && Number(existing?.deposit_frozen ?? 0) === 0) {
          await deps.deposits.freeze(
            trx,
            {
              companyId: supplier.companyId,
              currency: row.currency,
              amount: deposit,
              reference: `tender-bid:${bidId}`,
              actorUserId: userId,
            },
            emit,
          );
          await repo.updateBid(trx, bidId, { deposit_frozen: deposit });
        }
        // The log and the event name the version and the receipt, never a price.
        log.after = { bidId, version, digest };
        changed(emit, row, 'bid');
        return { row, bid: (await repo.bid(bidId, trx))! };
      });
      return presentBid(result.row, result.bid, 'supplier');
    },

    async bidWithdraw(userId: number, tenderId: number): Promise<TenderBid> {
      const result = await writes.write(
        { actorUserId: userId, action: 'withdraw', target: `tender:${tenderId}` },
        async (trx, emit, log) => {
          const { row, supplier } = await biddable(trx, userId, tenderId);
          checkBiddingOpen(row);
          const bid = await repo.bidOf(tenderId, supplier.companyId, trx);
          if (!bid || bid.state !== 'submitted') throw new AppError('NO_BID');
          await repo.updateBid(trx, bid.id, { state: 'withdrawn', updated_at: now().toISOString() });
          await releaseDeposits(trx, row, [bid], emit);
          log.after = { bidId: bid.id, version: bid.version, state: 'withdrawn' };
          changed(emit, row, 'withdraw');
          return { row, bid: (await repo.bid(bid.id, trx))! };
        },
      );
      return presentBid(result.row, result.bid, 'supplier');
    },

    async bidMine(userId: number, tenderId: number): Promise<TenderBid | null> {
      const { row, supplier } = await biddable(null, userId, tenderId);
      const bid = await repo.bidOf(tenderId, supplier.companyId);
      return bid ? presentBid(row, bid, 'supplier') : null;
    },

    async bidMyPage(userId: number, q: { pageNo: number; pageSize: number; state?: TenderBidState | undefined }) {
      const { companyId } = await companyOf(userId);
      const { rows, total } = await repo.supplierBidPage(companyId, q.state, q.pageNo, q.pageSize);
      const items: MyTenderBidRow[] = rows.map((r) => ({
        tenderId: String(r.tender_id),
        tenderNo: r.tender_no,
        tenderName: r.tender_name,
        tenderType: r.tender_type === 'inquiry' ? 'inquiry' : 'bidding',
        userName: r.user_name,
        objState: r.obj_state,
        bidEndTime: r.bid_end_at,
        openTime: r.open_at || r.bid_end_at,
        bidId: String(r.bid_id),
        version: r.version,
        state: r.state as TenderBidState,
        negotiationDeadline: r.state === 'valid' && r.negotiation_deadline && !r.negotiation_closed_at ? r.negotiation_deadline : '',
        updatedAt: r.updated_at,
      }));
      return { items, totalItem: total, pageNo: q.pageNo, pageSize: q.pageSize };
    },

    async bidAnswer(userId: number, body: z.output<typeof tenderBidAnswerBodySchema>): Promise<TenderAnswer> {
      const tenderId = Number(body.tenderId);
      return writes.write({ actorUserId: userId, action: 'answer', target: `tender:${tenderId}` }, async (trx, emit, log) => {
        const { row, supplier } = await biddable(trx, userId, tenderId);
        if (row.obj_state !== 4 || !row.negotiation_kind || row.negotiation_closed_at || now().toISOString() >= row.negotiation_deadline) {
          throw new AppError('NEGOTIATION_CLOSED');
        }
        const bid = await repo.bidOf(tenderId, supplier.companyId, trx);
        if (!bid || bid.state !== 'valid') throw new AppError('NOT_A_VALID_BIDDER');
        const first = new Map(effectiveLines(bid).map((l) => [l.lineNo, l]));
        const lines = toSealedLines(body.lines ?? []);
        const kind = row.negotiation_kind === 'finalQuote' ? 'finalQuote' : 'clarification';
        if (kind === 'finalQuote') {
          if (lines.length === 0) throw new AppError('FINAL_QUOTE_REQUIRED');
          await checkBidLines(row, lines, trx);
          for (const l of lines) {
            const was = first.get(l.lineNo);
            if (!was) throw new AppError('BID_LINE_UNKNOWN', { lineNo: l.lineNo });
            if (l.unitPrice > was.unitPrice)
              throw new AppError('FINAL_QUOTE_ABOVE_FIRST', { lineNo: l.lineNo, price: (was.unitPrice / 100).toFixed(2) });
          }
        } else {
          // The tender law forbids negotiating price or substance before the award: a clarification repeats the bid.
          for (const l of lines) {
            const was = first.get(l.lineNo);
            if (!was || was.unitPrice !== l.unitPrice || was.quantityMilli !== l.quantityMilli || was.deliveryDate !== l.deliveryDate) {
              throw new AppError('CLARIFICATION_CHANGES_BID', { lineNo: l.lineNo });
            }
          }
        }
        const time = now().toISOString();
        const content: AnswerContent = { answer: body.answer, lines: kind === 'finalQuote' ? lines : [] };
        const text = canonicalJson(content);
        const digest = bidDigest({
          tenderId,
          supplierCompanyId: supplier.companyId,
          version: bid.version,
          content: { lines: content.lines, remark: content.answer, fileIds: [] },
          time,
        });
        const { keyId, sealed } = sealer.seal(text, answerAad(tenderId, bid.id));
        const existing = await repo.answerOf(bid.id, trx);
        if (existing) await repo.updateAnswer(trx, existing.id, { key_id: keyId, sealed, digest, receipt_time: time });
        else
          await repo.insertAnswer(trx, {
            tender_id: tenderId,
            bid_id: bid.id,
            kind,
            key_id: keyId,
            sealed,
            digest,
            receipt_time: time,
            created_at: time,
          });
        log.after = { bidId: bid.id, kind, digest };
        changed(emit, row, 'answer');
        return {
          tenderId: String(tenderId),
          bidId: String(bid.id),
          kind,
          answer: body.answer,
          lines: content.lines.map(lineOut),
          receipt: { digest, time },
        };
      });
    },

    // --- timed steps (the scheduler calls them in its job's transaction) ---

    /** Bidding ends at bidEndTime: 2 → 3; no bid is taken after it whatever the state says. */
    async closeJob(trx: Trx, key: string, emit: Emit): Promise<void> {
      const row = await repo.findForUpdate(trx, Number(key));
      if (!row || row.obj_state !== 2) return;
      const next = await move(trx, row, [2], 3);
      changed(emit, next, 'close');
    },

    openJob: (trx: Trx, key: string, emit: Emit) => open(trx, Number(key), emit),

    /** The negotiation round ends: answers open together, final quotes replace first prices, ranks again → 5. */
    async negotiationCloseJob(trx: Trx, key: string, emit: Emit): Promise<void> {
      const row = await repo.findForUpdate(trx, Number(key));
      if (!row || row.obj_state !== 4 || !row.negotiation_kind || row.negotiation_closed_at) return;
      const at = now().toISOString();
      const answers = await repo.answers(row.id, trx);
      const bids = new Map((await repo.bids(row.id, trx)).map((b) => [b.id, b]));
      const opened: Record<string, unknown>[] = [];
      for (const a of answers) {
        const bid = bids.get(a.bid_id);
        if (!bid) continue;
        let content: AnswerContent;
        try {
          content = JSON.parse(sealer.open(a.key_id, a.sealed, answerAad(a.tender_id, a.bid_id))) as AnswerContent;
        } catch {
          continue;
        }
        const digest = bidDigest({
          tenderId: row.id,
          supplierCompanyId: bid.supplier_company_id,
          version: bid.version,
          content: { lines: content.lines, remark: content.answer, fileIds: [] },
          time: a.receipt_time,
        });
        if (digest !== a.digest) continue;
        await repo.updateAnswer(trx, a.id, { opened_json: canonicalJson(content) });
        opened.push({ bidId: String(a.bid_id), digest: a.digest, time: a.receipt_time });
        if (content.lines.length > 0 && bid.state === 'valid') {
          await repo.updateBid(trx, bid.id, {
            total: totalOf(effectiveLines(bid, { opened_json: canonicalJson(content) })),
            updated_at: at,
          });
        }
      }
      await repo.update(trx, row.id, { negotiation_closed_at: at, updated_at: at });
      await appendChain(trx, row, row.negotiation_kind === 'finalQuote' ? 'finalQuotes' : 'clarifications', { time: at, answers: opened });
      const next = await move(trx, (await repo.find(row.id, trx))!, [4], 5);
      await rerank(trx, next);
      await tellBuyer(trx, next, 'tender.negotiated', { count: opened.length }, emit);
      changed(
        emit,
        next,
        'negotiated',
        [...bids.values()].map((b) => b.supplier_company_id),
      );
    },
  };
}
export type TenderTradeService = ReturnType<typeof createTenderTradeService>;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
