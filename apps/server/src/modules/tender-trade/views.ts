import { fromMilli } from '@portal/contracts/quantity';
import { AppError } from '../../platform/errors';
import type { Trx } from '../../platform/write-path';
import { type AnswerContent, type TenderContext, lineOut } from './context';
import { type BidContent, type SealedLine, answerAad, bidAad, totalOf } from './tender-sealing';
import type { TenderBidRow, TenderRow } from './tender-trade.repo';
import type {
  ManagedTender,
  ManagedTenderPage,
  TenderBid,
  TenderBidState,
  TenderBidTable,
  TenderEvaluation,
} from '@portal/contracts/tender-trade';
/** A bid's opened lines, with the final quote's prices where the closed round gave one. */
export function effectiveLines(bid: TenderBidRow, answer?: { opened_json: string }): SealedLine[] {
  if (!bid.opened_json) return [];
  const first = (JSON.parse(bid.opened_json) as BidContent).lines;
  if (!answer?.opened_json) return first;
  const final = new Map((JSON.parse(answer.opened_json) as AnswerContent).lines.map((l) => [l.lineNo, l]));
  return first.map((l) => final.get(l.lineNo) ?? l);
}

/** How tenders and bids read: the buyer's and the operator's lists, one tender, the bid table after the opening. */
export function createTenderViews(c: TenderContext) {
  const { repo, sealer, now, companyOf } = c;

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

  return {
    present,
    presentBid,
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

    /** The buyer's own tender, or (for an operator) any tender past its draft. */
    async detail(userId: number, id: number): Promise<ManagedTender> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND');
      const member = await repo.member(userId);
      const own = member?.company_id != null && member.company_id === row.company_id;
      if (!own && (row.obj_state === 0 || !(await c.isReviewer(userId)))) throw new AppError('NOT_FOUND');
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
  };
}
export type TenderViews = ReturnType<typeof createTenderViews>;
