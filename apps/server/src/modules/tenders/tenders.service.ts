import type { Selectable } from 'kysely';
import { TENDER_STATE_VALUES } from '@portal/contracts/constants';
import type { TenderDetail, TenderItem, TenderSearch } from '@portal/contracts/tenders';
import type { TenderTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { TenderFilter, TendersRepo } from './tenders.repo';

/** The tender hall: public tenders (states 2-7), the supplier's own list and the relation check. */
export function createTendersService({ repo, now }: { repo: TendersRepo; now: () => Date }) {
  const toItem = (row: Selectable<TenderTable>): TenderItem => ({
    id: String(row.id),
    userId: String(row.user_id),
    tenderNo: row.tender_no,
    tenderName: row.tender_name,
    userName: row.user_name,
    bidBeginTime: row.bid_begin_at,
    bidEndTime: row.bid_end_at,
    objState: row.obj_state,
    // Bidding is over once the end time has passed, whether or not the state has moved on yet.
    overdueFlag: row.bid_end_at < now().toISOString() ? 'Y' : 'N',
  });

  async function page(s: TenderSearch, f: TenderFilter) {
    const total = await repo.count(f);
    const offset = (s.pageNo - 1) * s.pageSize;
    const rows = offset < total ? await repo.page(f, offset, s.pageSize) : [];
    return { items: rows.map(toItem), totalItem: total, pageNo: s.pageNo, pageSize: s.pageSize };
  }
  const states = (s: TenderSearch) => (s.objState !== undefined ? [s.objState] : [...TENDER_STATE_VALUES]);

  return {
    searchPublic(s: TenderSearch) {
      return page(s, { states: states(s) });
    },

    /** Tenders of the buyers that have this supplier on their list. */
    async searchForSupplier(s: TenderSearch, supplierUserId: number) {
      const buyers = await repo.buyersOf(supplierUserId);
      if (buyers.length === 0) return { items: [], totalItem: 0, pageNo: s.pageNo, pageSize: s.pageSize };
      return page(s, { states: states(s), userIds: buyers });
    },

    /** Y when the signed-in supplier is on the tenderer's supplier list; it may only ask for itself. */
    async checkRelation(sessionUserId: number, buyerUserId: number, currUserNo: number): Promise<{ flag: 'Y' | 'N' }> {
      if (currUserNo !== sessionUserId) throw new AppError('NO_RIGHT');
      return { flag: (await repo.hasRelation(buyerUserId, sessionUserId)) ? 'Y' : 'N' };
    },

    async detail(id: number): Promise<TenderDetail> {
      const row = await repo.find(id);
      if (!row || !(TENDER_STATE_VALUES as readonly number[]).includes(row.obj_state)) throw new AppError('NOT_FOUND');
      const lines = await repo.lines(id);
      return {
        ...toItem(row),
        tenderType: row.tender_type === 'inquiry' ? 'inquiry' : 'bidding',
        currency: row.currency,
        paymentType: row.payment_type,
        contactName: row.contact_name,
        contactPhone: row.contact_phone,
        description: row.description,
        publishTime: row.publish_time,
        openTime: row.open_at || row.bid_end_at,
        evaluationMethod: row.evaluation_method === 'scoring' ? 'scoring' : 'lowest',
        priceWeight: row.evaluation_method === 'scoring' ? row.price_weight : null,
        minValidBids: row.min_valid_bids,
        deposit: Number(row.deposit),
        documentFileIds: JSON.parse(row.document_file_ids || '[]') as string[],
        serverTime: now().toISOString(),
        lines: lines.map((l, index) => ({
          lineNo: index + 1,
          goodsName: l.goods_name,
          specification: l.specification,
          quantity: Math.round(Number(l.quantity_milli)) / 1000,
          unit: l.unit,
          deliveryPlace: l.delivery_place,
          deliveryDate: l.delivery_date,
        })),
      };
    },
  };
}
export type TendersService = ReturnType<typeof createTendersService>;
