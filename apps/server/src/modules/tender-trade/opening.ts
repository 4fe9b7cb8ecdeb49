import { lowestTotal, priceScoreOf as scoreOfTotal, tooFewBidsReason } from '@portal/contracts/tender-rules';
import { canonicalJson } from '../../platform/hash-chain';
import { moveEach } from '../../platform/transitions';
import type { Emit, Trx } from '../../platform/write-path';
import type { AnswerContent, TenderContext } from './context';
import { answerAad, bidDigest, openBids, rankBids, totalOf } from './tender-sealing';
import { LIVE_BID_STATES, type TenderBidRow, type TenderRow } from './tender-trade.repo';
import { effectiveLines } from './views';
import { type EvaluationMethod, type TenderEvaluation, tenderBidMachine } from '@portal/contracts/tender-trade';
/** Timed steps of a tender: bidding closes, bids open, the negotiation round closes. */
export const TENDER_JOBS = { close: 'tender.close', open: 'tender.open', negotiationClose: 'tender.negotiationClose' } as const;

/**
 * The timed steps of a tender (bidding closes, every bid opens at once, the negotiation round
 * closes), the ranking they produce, and the end of a tender that fails or is cancelled.
 */
export function createTenderOpening(c: TenderContext) {
  const { repo, scheduler, sealer, now, move, changed, tellBuyer, tellBidders, releaseDeposits, appendChain } = c;

  /** Ends a tender in 7 (cancelled or failed): jobs dropped, deposits released, bidders and buyer told. */
  async function closeAsFailed(
    trx: Trx,
    row: TenderRow,
    reason: string,
    kind: 'tender.cancelled' | 'tender.failed',
    emit: Emit,
    runningJob?: string,
  ) {
    const closed = await move(trx, row, kind === 'tender.cancelled' ? 'cancel' : 'fail', 7, { close_reason: reason });
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

  /** Opens every submitted bid at once, verifies each against its receipt and writes the opening record. */
  async function open(trx: Trx, id: number, emit: Emit): Promise<void> {
    let row = await repo.findForUpdate(trx, id);
    if (!row || row.opened_at || ![2, 3].includes(row.obj_state)) return;
    if (row.obj_state === 2) row = await move(trx, row, 'close', 3);
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
    await moveEach(
      trx,
      tenderBidMachine,
      'open',
      opened.map((o) => ({ id: o.id, to: o.content ? 'opened' : 'invalid' })),
      { updated_at: at },
    );
    await repo.writeOpened(
      trx,
      opened.map((o) => ({
        id: o.id,
        invalidReason: o.problem,
        openedJson: o.content ? canonicalJson(o.content) : '',
        total: o.content ? o.total : null,
        rank: ranks.get(o.id)?.rank ?? null,
      })),
      at,
    );
    const openedState = new Map(opened.map((o) => [o.id, o.content ? 'opened' : 'invalid']));
    // Each bid's state from here on is in the chain: the opening's, then every record that changes one.
    await appendChain(trx, row, 'opening', {
      time: at,
      bids: bids.map((b) => ({
        bidId: String(b.id),
        supplierName: b.supplier_name,
        version: b.version,
        digest: b.digest,
        receiptTime: b.receipt_time,
        state: openedState.get(b.id)!,
      })),
    });
    await repo.update(trx, id, { opened_at: at, updated_at: at });
    row = (await repo.find(id, trx))!;
    if (good.length < row.min_valid_bids) {
      await closeAsFailed(trx, row, tooFewBidsReason(good.length, row.min_valid_bids), 'tender.failed', emit, TENDER_JOBS.open);
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
    const lowest = lowestTotal(all.filter((b) => b.state !== 'invalid').map((b) => Number(b.total)));
    return scoreOfTotal(Number(bid.total), lowest);
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

  return {
    closeAsFailed,
    rerank,
    /** Bidding ends at bidEndTime: 2 → 3; no bid is taken after it whatever the state says. */
    async closeJob(trx: Trx, key: string, emit: Emit): Promise<void> {
      const row = await repo.findForUpdate(trx, Number(key));
      if (!row || row.obj_state !== 2) return;
      const next = await move(trx, row, 'close', 3);
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
      const next = await move(trx, (await repo.find(row.id, trx))!, 'negotiated', 5);
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
export type TenderOpening = ReturnType<typeof createTenderOpening>;
