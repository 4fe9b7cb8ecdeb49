import { sanitizeRichText } from '../../platform/rich-text';
import { toMilli } from '@portal/contracts/quantity';
import { AppError } from '../../platform/errors';
import { create } from '../../platform/transitions';
import type { Emit, Trx } from '../../platform/write-path';
import type { TenderChecks } from './checks';
import { TENDER_PUBLIC_ROUTE, type TenderContext, iso, stateRefusal, ymd } from './context';
import { TENDER_JOBS, type TenderOpening } from './opening';
import type { TenderRow } from './tender-trade.repo';
import type { TenderViews } from './views';
import { type ManagedTender, type TenderSave, tenderMachine, type tenderReviewBodySchema } from '@portal/contracts/tender-trade';
import type { z } from 'zod';
/** The buyer's tender from draft to the hall: saving, publishing (or sending to review), the review, cancelling. */
export function createTenderPublishing(
  c: TenderContext,
  views: Pick<TenderViews, 'present'>,
  checks: Pick<TenderChecks, 'checkTerms' | 'checkTimes'>,
  opening: Pick<TenderOpening, 'closeAsFailed'>,
) {
  const { repo, writes, scheduler, policy, now, companyOf, ownTender, move, changed, tell, tenderParams, tellBuyer } = c;
  const { present } = views;
  const { checkTerms, checkTimes } = checks;
  const { closeAsFailed } = opening;

  /** A tender goes public: the hall shows it, its close and opening are scheduled, the supplier list is told. */
  async function goLive(trx: Trx, row: TenderRow, emit: Emit): Promise<TenderRow> {
    const at = now().toISOString();
    const live = await move(trx, row, row.obj_state === 1 ? 'approve' : 'publish', 2, { publish_time: at });
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
          const { id: newId } = await create(trx, tenderMachine, 'create', 0, {
            ...values,
            user_id: userId,
            company_id: member.companyId,
            user_name: member.name,
            tender_no: `TMP${crypto.randomUUID().replace(/-/g, '').slice(0, 30)}`,
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
        const next = policy.review ? await move(trx, own, 'submit', 1, { review_remark: '' }) : await goLive(trx, own, emit);
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
        const closed = await closeAsFailed(trx, own, reason, 'tender.cancelled', emit);
        log.after = { objState: 7, reason };
        return closed;
      });
      return present(row);
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
            next = await move(trx, found, 'reject', 0, { review_remark: body.reviewRemark });
            await tellBuyer(trx, next, 'tender.rejected', { reason: body.reviewRemark }, emit);
            changed(emit, next, 'reject');
          }
          log.after = { objState: next.obj_state, reviewRemark: body.reviewRemark };
          return (await repo.find(id, trx))!;
        },
      );
      return present(row);
    },
  };
}
