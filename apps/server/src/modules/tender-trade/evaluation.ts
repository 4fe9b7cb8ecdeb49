import { tooFewBidsReason } from '@portal/contracts/tender-rules';
import { move as moveState } from '../../platform/transitions';
import { AppError } from '../../platform/errors';
import { type TenderContext, iso, stateRefusal } from './context';
import { TENDER_JOBS, type TenderOpening } from './opening';
import type { TenderViews } from './views';
import {
  type ManagedTender,
  tenderBidMachine,
  type tenderEvaluateBodySchema,
  type tenderNegotiateBodySchema,
} from '@portal/contracts/tender-trade';
import type { z } from 'zod';
/** After the opening: the buyer judges each bid (valid or not, a technical score) and may hold one negotiation round. */
export function createTenderEvaluation(
  c: TenderContext,
  views: Pick<TenderViews, 'present'>,
  opening: Pick<TenderOpening, 'closeAsFailed' | 'rerank'>,
) {
  const { repo, writes, scheduler, now, ownTender, move, changed, tellBidders, appendChain } = c;
  const { present } = views;
  const { closeAsFailed, rerank } = opening;
  return {
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
        const states: { bidId: string; state: string }[] = [];
        for (const bid of bids) {
          const j = judged.get(String(bid.id));
          if (!j) continue;
          const valid = j.valid && bid.opened_json !== '';
          if (valid) validCount++;
          states.push({ bidId: String(bid.id), state: valid ? 'valid' : 'invalid' });
          await moveState(trx, tenderBidMachine, 'judge', bid.id, {
            to: valid ? 'valid' : 'invalid',
            set: {
              invalid_reason: valid ? '' : (j.reason ?? '').trim() || bid.invalid_reason,
              technical_score: valid && scoring ? (j.technicalScore ?? null) : null,
              rank: null,
              score: null,
              updated_at: now().toISOString(),
            },
          });
        }
        // The judgement changes bids' states after the opening: the chain records each one.
        await appendChain(trx, own, 'evaluation', { time: now().toISOString(), bids: states });
        log.after = { valid: validCount, invalid: bids.length - validCount };
        if (validCount < own.min_valid_bids) {
          await rerank(trx, own);
          return closeAsFailed(trx, own, tooFewBidsReason(validCount, own.min_valid_bids), 'tender.failed', emit);
        }
        const next = await move(trx, own, 'evaluate', 4);
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
        await tellBidders(trx, next, valid, 'tender.negotiation', { deadline, reason: body.question }, emit);
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
  };
}
