import type {
  EvaluationMethod,
  ManagedTender,
  TenderBid,
  TenderBidState,
  TenderEvaluation,
  TenderSave,
} from '@portal/contracts/tender-trade';
import { TENDER_MANAGE_STATES } from '@portal/contracts/tender-trade';
import { AppError, invalidField } from '../../platform/errors';
import type { Scheduler } from '../../platform/scheduler';
import { canonicalJson, type Sealer } from '../../platform/sealing';
import type { Emit, Trx, WritePath } from '../../platform/write-path';
import type { DepositLedger } from '../deposits';
import { fromMilli, type NotifyCompany, toMilli } from '../listing-manage';
import type { MessageDraft } from '../messages';
import type { OrdersService } from '../orders';
import {
  answerAad,
  bidAad,
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
  /** Writes one message to each of these users in the caller's transaction (the messages module). */
  notifyUsers: (trx: Trx, userIds: number[], draft: MessageDraft, emit: Emit) => Promise<void>;
  /** True when the user may review tenders (an operator). */
  isReviewer: (userId: number) => Promise<boolean>;
  policy: TenderPolicy;
  now: () => Date;
}

/** The refusal of an action the tender's current state does not allow, naming that state. */
export function stateRefusal(state: number): AppError {
  const label = TENDER_MANAGE_STATES[state as keyof typeof TENDER_MANAGE_STATES];
  return AppError.naming('STATE_NOT_ALLOWED', {
    state: label ?? { 'zh-CN': String(state), 'en-US': String(state), 'zh-TW': String(state) },
  });
}

export const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
export const iso = (text: string) => new Date(text).toISOString();
export const lineOut = (l: SealedLine) => ({
  lineNo: l.lineNo,
  unitPrice: l.unitPrice,
  quantity: fromMilli(l.quantityMilli),
  deliveryDate: l.deliveryDate,
});
export const toSealedLines = (lines: { lineNo: number; unitPrice: number; quantity: number; deliveryDate: string }[]): SealedLine[] =>
  [...lines]
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((l) => ({ lineNo: l.lineNo, unitPrice: l.unitPrice, quantityMilli: toMilli(l.quantity), deliveryDate: l.deliveryDate }));

/** Why a tender failed for want of valid bids (the buyer and the bidders read it). */
export const tooFewBids = (valid: number, min: number) => `有效投标 ${valid} 份，少于最少 ${min} 份 (${valid} < ${min})`;

export interface AnswerContent {
  answer: string;
  lines: SealedLine[];
}

/**
 * What the tender services share: ownership and state checks, the views of a tender and a bid,
 * messages and change events, deposits, the record chain, the opening and the ranking.
 */
export function createTenderCore(deps: TenderTradeDeps) {
  const { repo, scheduler, sealer, policy, now } = deps;

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
  /** One message to every user of the bidders' companies, written in one statement (an opening may tell hundreds). */
  async function tellBidders(
    trx: Trx,
    row: TenderRow,
    bids: TenderBidRow[],
    kind: MessageDraft['kind'],
    extra: MessageDraft['params'],
    emit: Emit,
  ): Promise<void> {
    if (bids.length === 0) return;
    const users = await repo.usersOfCompanies([...new Set(bids.map((b) => b.supplier_company_id))], trx);
    await deps.notifyUsers(
      trx,
      users,
      {
        kind,
        params: { ...tenderParams(row), party: row.user_name, ...extra },
        link: { route: MY_TENDER_BIDS_ROUTE, query: { tenderId: String(row.id) } },
      },
      emit,
    );
  }

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
    await tellBidders(trx, closed, bids, kind, { reason }, emit);
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
    await repo.writeOpened(
      trx,
      opened.map((o) => ({
        id: o.id,
        state: o.content ? 'opened' : 'invalid',
        invalidReason: o.problem,
        openedJson: o.content ? canonicalJson(o.content) : '',
        total: o.content ? o.total : null,
        rank: ranks.get(o.id)?.rank ?? null,
      })),
      at,
    );
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
    await tellBidders(trx, row, bids, 'tender.opened', { count: bids.length }, emit);
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
    companyOf,
    ownTender,
    move,
    changed,
    tenderParams,
    tell,
    tellBuyer,
    tellBidders,
    effectiveLines,
    present,
    presentBid,
    checkTerms,
    checkTimes,
    goLive,
    releaseDeposits,
    closeAsFailed,
    appendChain,
    open,
    evaluationOf,
    priceScoreOf,
    rerank,
    biddable,
    checkBiddingOpen,
    checkBidLines,
  };
}
export type TenderCore = ReturnType<typeof createTenderCore>;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
