import { fromMilli } from '@portal/contracts/quantity';
import { AppError, invalidField } from '../../platform/errors';
import type { Trx } from '../../platform/write-path';
import { type TenderContext, iso } from './context';
import type { SealedLine } from './tender-sealing';
import type { TenderRow } from './tender-trade.repo';
import type { TenderSave } from '@portal/contracts/tender-trade';
/** The checks of a tender's terms and of a supplier's bid against it, before anything is written. */
export function createTenderChecks(c: TenderContext) {
  const { repo, policy, now, companyOf } = c;

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

  return { checkTerms, checkTimes, biddable, checkBiddingOpen, checkBidLines };
}
export type TenderChecks = ReturnType<typeof createTenderChecks>;
