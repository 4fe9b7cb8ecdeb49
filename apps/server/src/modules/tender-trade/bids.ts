import type { z } from 'zod';
import {
  tenderBidMachine,
  type MyTenderBidRow,
  type TenderAnswer,
  type TenderBid,
  type TenderBidState,
  type tenderBidAnswerBodySchema,
  type tenderBidSaveBodySchema,
} from '@portal/contracts/tender-trade';
import { TENDER_REVIEW_PERMISSION } from '@portal/contracts/tender-trade';
import { AppError } from '../../platform/errors';
import type { FileReaders } from '../files';
import { canonicalJson } from '../../platform/hash-chain';
import { create, move } from '../../platform/transitions';
import { answerAad, bidAad, bidDigest, type BidContent } from './tender-sealing';
import { createTenderChecks } from './checks';
import { createTenderContext, lineOut, TENDER_BID_FILES, toSealedLines, type AnswerContent, type TenderTradeDeps } from './context';
import { createTenderViews, effectiveLines } from './views';

/**
 * The suppliers' side of a tender: sealed bids with receipts, revisions and withdrawals until
 * bidEndTime, their own bids and the answers in the negotiation round. The supply relationship is
 * checked on every call.
 */
export function createTenderBidsService(deps: TenderTradeDeps) {
  const { repo, writes, sealer, now } = deps;
  const c = createTenderContext(deps);
  const { companyOf, changed, releaseDeposits } = c;
  const { presentBid } = createTenderViews(c);
  const { biddable, checkBiddingOpen, checkBidLines } = createTenderChecks(c);
  return {
    async bidSave(userId: number, body: z.output<typeof tenderBidSaveBodySchema>): Promise<TenderBid> {
      const tenderId = Number(body.tenderId);
      const files = [...new Set(body.fileIds)];
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
          key_id: keyId,
          sealed,
          digest,
          receipt_time: time,
          updated_at: time,
        };
        let bidId: number;
        if (existing) {
          // A revision, or a bid submitted again after its withdrawal.
          await move(trx, tenderBidMachine, 'revise', existing.id, { to: 'submitted', set: values });
          bidId = existing.id;
        } else {
          const created = await create(trx, tenderBidMachine, 'submit', 'submitted', {
            ...values,
            tender_id: tenderId,
            supplier_company_id: supplier.companyId,
            created_at: time,
          });
          bidId = created.id;
        }
        // The attachments are the supplier's own uploads, linked to this version of the bid: the
        // buyer reads them only once this version is opened, never those of an earlier one.
        await deps.files.attach(trx, {
          field: 'fileIds',
          fileIds: files,
          companyId: supplier.companyId,
          scope: TENDER_BID_FILES,
          ref: `${bidId}:${version}`,
        });
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
          await move(trx, tenderBidMachine, 'withdraw', bid.id, { to: 'withdrawn', set: { updated_at: now().toISOString() } });
          await releaseDeposits(trx, row, [bid], emit);
          log.after = { bidId: bid.id, version: bid.version, state: 'withdrawn' };
          changed(emit, row, 'withdraw');
          return { row, bid: (await repo.bid(bid.id, trx))! };
        },
      );
      return presentBid(result.row, result.bid, 'supplier');
    },

    /**
     * Who reads the attachments of a bid's version (`bidId:version`): its supplier always; once
     * that version was opened, the tender's buyer and the operators who review tenders. Until then
     * they are as sealed as its prices.
     */
    async fileReaders(ref: string): Promise<FileReaders | undefined> {
      const [bidId, version] = ref.split(':').map(Number);
      const bid = bidId ? await repo.bid(bidId) : undefined;
      const tender = bid && (await repo.find(bid.tender_id));
      if (!bid || !tender) return undefined;
      const opened = bid.opened_json !== '' && bid.version === version;
      return {
        companyIds: opened && tender.company_id ? [bid.supplier_company_id, tender.company_id] : [bid.supplier_company_id],
        operatorPermission: opened ? TENDER_REVIEW_PERMISSION : null,
      };
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
  };
}
export type TenderBidsService = ReturnType<typeof createTenderBidsService>;
