import { sanitizeRichText } from '../../platform/rich-text';
import { fromMilli, toMilli, amountOf } from '@portal/contracts/quantity';
import { AppError } from '../../platform/errors';
import { moveEach } from '../../platform/transitions';
import { type TenderContext, escapeHtml, stateRefusal } from './context';
import type { TenderBidRow } from './tender-trade.repo';
import { type TenderViews, effectiveLines } from './views';
import { type ManagedTender, type tenderAwardBodySchema, tenderBidMachine } from '@portal/contracts/tender-trade';
import type { z } from 'zod';
import type { Trx } from '../../platform/write-path';
import type { TenderRow } from './tender-trade.repo';

type Award = z.output<typeof tenderAwardBodySchema>['awards'][number];
/** The award: quantities per line and bidder, one order each, the outcome told and the deal notice published. */
/** One award share: a quantity of one line given to one bidder at its quoted (or final) price. */
type Share = { lineNo: number; bid: TenderBidRow; quantityMilli: number; unitPrice: number };
type TenderLine = Awaited<ReturnType<TenderContext['repo']['lines']>>[number];

export function createTenderAward(c: TenderContext, views: Pick<TenderViews, 'present'>) {
  const { repo, writes, now, ownTender, move, changed, tellBidders, releaseDeposits, appendChain } = c;
  const { present } = views;

  /**
   * The awards merged per line and bidder, each checked: the line exists, the bid is valid and
   * quoted the line, no bidder gets more than it quoted and no line more than it asks for.
   */
  async function sharesOf(trx: Trx, lines: TenderLine[], bids: TenderBidRow[], awards: Award[]): Promise<Map<string, Share>> {
    const bidById = new Map(bids.map((b) => [String(b.id), b]));
    const merged = new Map<string, Share>();
    for (const a of awards) {
      const bid = bidById.get(a.bidId);
      const line = lines[a.lineNo - 1];
      if (!line) throw new AppError('BID_LINE_UNKNOWN', { lineNo: a.lineNo });
      const quoted =
        bid && bid.state === 'valid' ? effectiveLines(bid, await repo.answerOf(bid.id, trx)).find((l) => l.lineNo === a.lineNo) : undefined;
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
    return merged;
  }

  /** The public deal notice of an awarded tender: who won which line, in the news hall. */
  async function publishDealNotice(trx: Trx, own: TenderRow, lines: TenderLine[], merged: Map<string, Share>, at: Date): Promise<void> {
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
  }

  return {
    async award(userId: number, body: z.output<typeof tenderAwardBodySchema>): Promise<ManagedTender> {
      const id = Number(body.id);
      const row = await writes.write({ actorUserId: userId, action: 'award', target: `tender:${id}` }, async (trx, emit, log) => {
        const own = await ownTender(trx, userId, id);
        if (own.obj_state !== 4 && own.obj_state !== 5) throw stateRefusal(own.obj_state);
        // An open negotiation round is waited for: its answers may change the ranking.
        if (own.obj_state === 4 && own.negotiation_kind && !own.negotiation_closed_at) throw new AppError('NEGOTIATION_HELD');
        const lines = await repo.lines(id, trx);
        const bids = await repo.bids(id, trx);
        const merged = await sharesOf(trx, lines, bids, body.awards);
        const at = now();
        const recorded: Record<string, unknown>[] = [];
        for (const e of merged.values()) {
          const line = lines[e.lineNo - 1]!;
          const days = Math.max(1, Math.ceil((Date.parse(`${line.delivery_date}T00:00:00Z`) - at.getTime()) / 86_400_000));
          const order = await c.orders.createSettled(
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
                originName: own.tender_name,
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
        const awarded = bids.filter((b) => b.state === 'valid').map((b) => ({ id: b.id, to: winners.has(b.id) ? 'won' : 'lost' }) as const);
        await moveEach(trx, tenderBidMachine, 'award', awarded, { updated_at: at.toISOString() });
        await releaseDeposits(trx, own, bids, emit);
        const states = awarded.map((b) => ({ bidId: String(b.id), state: b.to }));
        await appendChain(trx, own, 'award', { time: at.toISOString(), awards: recorded, bids: states });
        const done = await move(trx, own, 'award', 6);
        const participants = bids.filter((b) => b.state === 'valid');
        await tellBidders(
          trx,
          done,
          participants.filter((b) => winners.has(b.id)),
          'tender.won',
          {},
          emit,
        );
        await tellBidders(
          trx,
          done,
          participants.filter((b) => !winners.has(b.id)),
          'tender.lost',
          {},
          emit,
        );
        await publishDealNotice(trx, own, lines, merged, at);
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
  };
}
