import type { z } from 'zod';
import type {
  ManagedTender,
  ManagedTenderPage,
  TenderBidTable,
  TenderSave,
  tenderAwardBodySchema,
  tenderEvaluateBodySchema,
  tenderNegotiateBodySchema,
  tenderReviewBodySchema,
} from '@portal/contracts/tender-trade';
import { AppError } from '../../platform/errors';
import { canonicalJson } from '../../platform/sealing';
import type { Emit, Trx } from '../../platform/write-path';
import { sanitizeRichText } from '../cms';
import { fromMilli, toMilli } from '../listing-manage';
import { amountOf } from '../orders';
import { answerAad, bidDigest, totalOf } from './tender-sealing';
import type { TenderBidRow, TenderRow } from './tender-trade.repo';
import {
  TENDER_JOBS,
  stateRefusal,
  ymd,
  iso,
  tooFewBids,
  type AnswerContent,
  escapeHtml,
  type TenderTradeDeps,
  createTenderCore,
} from './tender-core';

/**
 * The buyer's tender from draft to award, the operator's review, and the timed close, opening and
 * end of the negotiation round. Prices exist in the database only as ciphertext until the opening;
 * nothing before it (answers, logs, messages, events) carries one.
 */
export function createTenderTradeService(deps: TenderTradeDeps) {
  const { repo, writes, scheduler, sealer, policy, now } = deps;
  const core = createTenderCore(deps);
  const {
    companyOf,
    ownTender,
    move,
    changed,
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
    rerank,
  } = core;
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
