import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { lockedForUpdate, type Db, type Dialect } from '../../db/database';
import type { TenderAnswerTable, TenderAwardTable, TenderBidTable, TenderChainTable, TenderLineTable, TenderTable } from '../../db/schema';
import type { Stateless } from '../../platform/transitions';
import type { Trx } from '../../platform/write-path';

export type TenderRow = Selectable<TenderTable>;
export type TenderBidRow = Selectable<TenderBidTable>;
export type TenderAnswerRow = Selectable<TenderAnswerTable>;
export type TenderChainRow = Selectable<TenderChainTable>;
export type TenderAwardRow = Selectable<TenderAwardTable>;
export type TenderLineRow = Selectable<TenderLineTable>;

/** Bid states that count as a bid (a withdrawn one does not). */
export const LIVE_BID_STATES = ['submitted', 'opened', 'valid', 'invalid', 'won', 'lost'];

/** Storage of tenders with their lines, sealed bids, negotiation answers, record chain and awards. */
export function createTenderTradeRepo(db: Db, dialect: Dialect) {
  return {
    find(id: number, on: Db | Trx = db) {
      return on.selectFrom('tenders').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findForUpdate(trx: Trx, id: number) {
      return lockedForUpdate(trx.selectFrom('tenders').selectAll().where('id', '=', id), dialect).executeTakeFirst();
    },
    /** Writes columns other than the state (which changes through platform/transitions.ts only). */
    async update(trx: Trx, id: number, values: Stateless<TenderTable, 'obj_state'>): Promise<void> {
      await trx.updateTable('tenders').set(values).where('id', '=', id).execute();
    },
    async replaceLines(trx: Trx, tenderId: number, lines: Omit<Insertable<TenderLineTable>, 'tender_id'>[]): Promise<void> {
      await trx.deleteFrom('tender_lines').where('tender_id', '=', tenderId).execute();
      if (lines.length > 0) {
        await trx
          .insertInto('tender_lines')
          .values(lines.map((l) => ({ ...l, tender_id: tenderId })))
          .execute();
      }
    },
    lines(tenderId: number, on: Db | Trx = db) {
      return on.selectFrom('tender_lines').selectAll().where('tender_id', '=', tenderId).orderBy('sort').orderBy('id').execute();
    },
    async page(f: { companyId?: number; states: number[] }, pageNo: number, pageSize: number) {
      let q = db.selectFrom('tenders').where('obj_state', 'in', f.states);
      if (f.companyId !== undefined) q = q.where('company_id', '=', f.companyId);
      const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const offset = (pageNo - 1) * pageSize;
      const rows = offset < total ? await q.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute() : [];
      return { rows, total };
    },
    async bidCount(tenderId: number, on: Db | Trx = db): Promise<number> {
      const row = await on
        .selectFrom('tender_bids')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('tender_id', '=', tenderId)
        .where('state', 'in', LIVE_BID_STATES)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    bids(tenderId: number, on: Db | Trx = db) {
      return on.selectFrom('tender_bids').selectAll().where('tender_id', '=', tenderId).orderBy('id').execute();
    },
    bid(id: number, on: Db | Trx = db) {
      return on.selectFrom('tender_bids').selectAll().where('id', '=', id).executeTakeFirst();
    },
    bidOf(tenderId: number, supplierCompanyId: number, on: Db | Trx = db) {
      return on
        .selectFrom('tender_bids')
        .selectAll()
        .where('tender_id', '=', tenderId)
        .where('supplier_company_id', '=', supplierCompanyId)
        .executeTakeFirst();
    },
    /**
     * Writes what the opening found for many bids in a few statements (CASE by id, 200 bids each):
     * an opening of hundreds of bids is one transaction and should not be hundreds of round trips.
     * Their states are moved apart, through platform/transitions.ts.
     */
    async writeOpened(
      trx: Trx,
      rows: { id: number; invalidReason: string; openedJson: string; total: number | null; rank: number | null }[],
      at: string,
    ): Promise<void> {
      for (let i = 0; i < rows.length; i += 200) {
        const chunk = rows.slice(i, i + 200);
        const caseOf = <T>(value: (r: (typeof chunk)[number]) => T, type: string) =>
          sql<T>`case id ${sql.join(
            chunk.map((r) => sql`when ${r.id} then cast(${value(r)} as ${sql.raw(type)})`),
            sql` `,
          )} end`;
        await trx
          .updateTable('tender_bids')
          .set({
            invalid_reason: caseOf((r) => r.invalidReason, 'varchar(500)'),
            opened_json: caseOf((r) => r.openedJson, 'text'),
            total: caseOf((r) => r.total, 'bigint'),
            rank: caseOf((r) => r.rank, 'integer'),
            updated_at: at,
          })
          .where(
            'id',
            'in',
            chunk.map((r) => r.id),
          )
          .execute();
      }
    },
    async usersOfCompanies(companyIds: number[], on: Db | Trx = db): Promise<number[]> {
      if (companyIds.length === 0) return [];
      const rows = await on.selectFrom('users').select('id').where('company_id', 'in', companyIds).orderBy('id').execute();
      return rows.map((r) => r.id);
    },
    /** Writes columns other than the state (which changes through platform/transitions.ts only). */
    async updateBid(trx: Trx, id: number, values: Stateless<TenderBidTable, 'state'>): Promise<void> {
      await trx.updateTable('tender_bids').set(values).where('id', '=', id).execute();
    },
    async supplierBidPage(supplierCompanyId: number, state: string | undefined, pageNo: number, pageSize: number) {
      let q = db
        .selectFrom('tender_bids as b')
        .innerJoin('tenders as t', 't.id', 'b.tender_id')
        .where('b.supplier_company_id', '=', supplierCompanyId);
      if (state) q = q.where('b.state', '=', state);
      const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const offset = (pageNo - 1) * pageSize;
      const rows =
        offset < total
          ? await q
              .select([
                't.id as tender_id',
                't.tender_no',
                't.tender_name',
                't.tender_type',
                't.user_name',
                't.obj_state',
                't.bid_end_at',
                't.open_at',
                't.negotiation_deadline',
                't.negotiation_closed_at',
                'b.id as bid_id',
                'b.version',
                'b.state',
                'b.updated_at',
              ])
              .orderBy('b.id', 'desc')
              .limit(pageSize)
              .offset(offset)
              .execute()
          : [];
      return { rows, total };
    },
    answers(tenderId: number, on: Db | Trx = db) {
      return on.selectFrom('tender_answers').selectAll().where('tender_id', '=', tenderId).orderBy('id').execute();
    },
    answerOf(bidId: number, on: Db | Trx = db) {
      return on.selectFrom('tender_answers').selectAll().where('bid_id', '=', bidId).executeTakeFirst();
    },
    async insertAnswer(trx: Trx, values: Insertable<TenderAnswerTable>): Promise<void> {
      await trx.insertInto('tender_answers').values(values).execute();
    },
    async updateAnswer(trx: Trx, id: number, values: Updateable<TenderAnswerTable>): Promise<void> {
      await trx.updateTable('tender_answers').set(values).where('id', '=', id).execute();
    },
    chain(tenderId: number, on: Db | Trx = db) {
      return on.selectFrom('tender_chain').selectAll().where('tender_id', '=', tenderId).orderBy('seq').execute();
    },
    async insertChain(trx: Trx, values: Insertable<TenderChainTable>): Promise<void> {
      await trx.insertInto('tender_chain').values(values).execute();
    },
    awards(tenderId: number, on: Db | Trx = db) {
      return on.selectFrom('tender_awards').selectAll().where('tender_id', '=', tenderId).orderBy('line_no').orderBy('id').execute();
    },
    async insertAward(trx: Trx, values: Insertable<TenderAwardTable>): Promise<void> {
      await trx.insertInto('tender_awards').values(values).execute();
    },
    async insertDealNotice(trx: Trx, values: { title: string; html: string; remark: string; at: string }): Promise<void> {
      await trx
        .insertInto('cms_articles')
        .values({
          sub_type: 'DEAL_NOTICE',
          title: values.title,
          remark: values.remark,
          body_html: values.html,
          publish_date: values.at,
          created_at: values.at,
          updated_at: values.at,
        })
        .execute();
    },
    /** A signed-in user's company and its name (null company for operators). */
    member(userId: number, on: Db | Trx = db) {
      return on
        .selectFrom('users as u')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .select(['u.id', 'u.user_type', 'u.nick_name', 'u.company_id', 'c.name as company_name'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },
    async hasRelation(buyerUserId: number, supplierUserId: number, on: Db | Trx = db): Promise<boolean> {
      const row = await on
        .selectFrom('pur_customer_relations')
        .select('buyer_user_id')
        .where('buyer_user_id', '=', buyerUserId)
        .where('supplier_user_id', '=', supplierUserId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async suppliersOf(buyerUserId: number, on: Db | Trx = db): Promise<number[]> {
      const rows = await on
        .selectFrom('pur_customer_relations')
        .select('supplier_user_id')
        .where('buyer_user_id', '=', buyerUserId)
        .execute();
      return rows.map((r) => r.supplier_user_id);
    },
    async existingFileIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('files').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },
    /** Sealed rows not yet opened, for a key rotation. */
    sealedBids(on: Db | Trx = db) {
      return on
        .selectFrom('tender_bids')
        .select(['id', 'tender_id', 'supplier_company_id', 'key_id', 'sealed'])
        .where('opened_json', '=', '')
        .execute();
    },
    sealedAnswers(on: Db | Trx = db) {
      return on
        .selectFrom('tender_answers')
        .select(['id', 'tender_id', 'bid_id', 'key_id', 'sealed'])
        .where('opened_json', '=', '')
        .execute();
    },
  };
}
export type TenderTradeRepo = ReturnType<typeof createTenderTradeRepo>;
