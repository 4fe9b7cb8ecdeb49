import { SqliteAdapter, sql, type QueryCreator, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { AuctionBidTable, AuctionPieceTable, AuctionRegistrationTable, AuctionSpaceTable, Database } from '../../db/schema';
import { operationLogInsert, type OplogEntry } from '../../platform/operation-log';
import { pageAndTotal } from '../../platform/table-repo';
import type { Stateless } from '../../platform/transitions';
import type { Trx } from '../../platform/write-path';

export type SpaceRow = Selectable<AuctionSpaceTable>;
export type PieceRow = Selectable<AuctionPieceTable>;
export type RegistrationRow = Selectable<AuctionRegistrationTable>;
export type BidRow = Selectable<AuctionBidTable>;
type On = Db | Trx;

/** Which spaces a page lists: one company's, the operator's queue, or those a company registered for. */
export type SpaceListFilter = { companyId: number } | { review: true } | { registeredCompanyId: number };

/** Storage of live auctions: spaces and pieces (shared with the portal), registrations and bids. */
export function createAuctionTradeRepo(db: Db) {
  const onSqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  /** The bids of a space stored by any of `companyIds` under any of `requestIds` (retries). */
  const storedUnder = (on: On, spaceId: number, companyIds: number[], requestIds: string[]) =>
    on
      .selectFrom('auction_bids')
      .selectAll()
      .where('space_id', '=', spaceId)
      .where('company_id', 'in', companyIds)
      .where('request_id', 'in', requestIds);
  /**
   * Holds a space's row for the rest of a transaction: a no-op update, which makes every other
   * writer of the space wait for the commit (PostgreSQL) or is one more write of the one writer (SQLite).
   */
  const holdRow = (trx: Trx, spaceId: number) =>
    trx
      .updateTable('auction_spaces')
      .set({ last_seq: sql<number>`last_seq` })
      .where('id', '=', spaceId);
  return {
    /** True on SQLite, whose database one server process serves alone (others share nothing with it). */
    oneProcess: onSqlite,

    member(userId: number, on: On = db) {
      return on
        .selectFrom('users as u')
        .leftJoin('companies as c', 'c.id', 'u.company_id')
        .select(['u.id', 'u.account', 'u.company_id', 'c.name as company_name'])
        .where('u.id', '=', userId)
        .executeTakeFirst();
    },

    /** A company's name and its account user (the first of its users). */
    async company(companyId: number, on: On = db) {
      const row = await on
        .selectFrom('companies as c')
        .leftJoin('users as u', 'u.company_id', 'c.id')
        .select(['c.id', 'c.name', (eb) => eb.fn.min('u.id').as('user_id')])
        .where('c.id', '=', companyId)
        .groupBy(['c.id', 'c.name'])
        .executeTakeFirst();
      return row ? { id: row.id, name: row.name, userId: Number(row.user_id ?? 0) } : undefined;
    },

    async variety(code: string) {
      const row = await db.selectFrom('varieties').select(['code', 'short_name', 'unit']).where('code', '=', code).executeTakeFirst();
      if (!row) return undefined;
      const child = await db.selectFrom('varieties').select('id').where('par_code', '=', code).limit(1).executeTakeFirst();
      return { ...row, leaf: !child };
    },

    async varietyNames(codes: string[], on: On = db): Promise<Map<string, string>> {
      if (codes.length === 0) return new Map();
      const rows = await on.selectFrom('varieties').select(['code', 'short_name']).where('code', 'in', codes).execute();
      return new Map(rows.map((r) => [r.code, r.short_name]));
    },

    findSpace(id: number, on: On = db) {
      return on.selectFrom('auction_spaces').selectAll().where('id', '=', id).executeTakeFirst();
    },

    pieces(spaceId: number, on: On = db) {
      return on.selectFrom('auction_pieces').selectAll().where('space_id', '=', spaceId).orderBy('sort').orderBy('id').execute();
    },

    piecesOf(spaceIds: number[]) {
      if (spaceIds.length === 0) return Promise.resolve([] as PieceRow[]);
      return db.selectFrom('auction_pieces').selectAll().where('space_id', 'in', spaceIds).orderBy('sort').orderBy('id').execute();
    },

    findPiece(id: number, on: On = db) {
      return on.selectFrom('auction_pieces').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Writes columns other than the status and the suspension (which change through platform/transitions.ts only). */
    async updateSpace(trx: Trx, id: number, patch: Stateless<AuctionSpaceTable, 'space_status' | 'suspended'>): Promise<void> {
      await trx.updateTable('auction_spaces').set(patch).where('id', '=', id).execute();
    },

    /** Writes columns other than the trade status (which changes through platform/transitions.ts only). */
    async updatePiece(trx: Trx, id: number, patch: Stateless<AuctionPieceTable, 'trade_status'>): Promise<void> {
      await trx.updateTable('auction_pieces').set(patch).where('id', '=', id).execute();
    },

    async deletePieces(trx: Trx, ids: number[]): Promise<void> {
      if (ids.length > 0) await trx.deleteFrom('auction_pieces').where('id', 'in', ids).execute();
    },

    page(filter: SpaceListFilter, status: number | undefined, pageNo: number, pageSize: number) {
      let rows = db.selectFrom('auction_spaces').selectAll('auction_spaces');
      let count = db.selectFrom('auction_spaces');
      if ('companyId' in filter) {
        rows = rows.where('company_id', '=', filter.companyId);
        count = count.where('company_id', '=', filter.companyId);
      } else if ('review' in filter) {
        // Drafts belong to their owner alone.
        rows = rows.where('space_status', '<>', 0);
        count = count.where('space_status', '<>', 0);
      } else {
        const mine = db
          .selectFrom('auction_registrations as r')
          .select('r.space_id')
          .where('r.company_id', '=', filter.registeredCompanyId);
        rows = rows.where('id', 'in', mine);
        count = count.where('id', 'in', mine);
      }
      if (status !== undefined) {
        rows = rows.where('space_status', '=', status);
        count = count.where('space_status', '=', status);
      }
      return pageAndTotal(rows.orderBy('id', 'desc'), count, pageNo, pageSize);
    },

    registration(spaceId: number, companyId: number, on: On = db) {
      return on
        .selectFrom('auction_registrations')
        .selectAll()
        .where('space_id', '=', spaceId)
        .where('company_id', '=', companyId)
        .executeTakeFirst();
    },

    registrations(spaceId: number, on: On = db) {
      return on.selectFrom('auction_registrations').selectAll().where('space_id', '=', spaceId).orderBy('alias_no').execute();
    },

    /** The company name of every registration of a space (the owner's and operators' views). */
    async registeredNames(spaceId: number): Promise<Map<number, string>> {
      const rows = await db
        .selectFrom('auction_registrations as r')
        .innerJoin('companies as c', 'c.id', 'r.company_id')
        .select(['r.company_id', 'c.name'])
        .where('r.space_id', '=', spaceId)
        .execute();
      return new Map(rows.map((r) => [r.company_id, r.name]));
    },

    registrationsOfCompany(companyId: number, spaceIds: number[]) {
      if (spaceIds.length === 0) return Promise.resolve([] as RegistrationRow[]);
      return db
        .selectFrom('auction_registrations')
        .selectAll()
        .where('company_id', '=', companyId)
        .where('space_id', 'in', spaceIds)
        .execute();
    },

    /** Takes the next alias number of a space (locks its row on PostgreSQL until the commit). */
    async nextAliasNo(trx: Trx, spaceId: number): Promise<number> {
      const row = await trx
        .updateTable('auction_spaces')
        .set({ registration_count: sql<number>`registration_count + 1` })
        .where('id', '=', spaceId)
        .returning('registration_count')
        .executeTakeFirstOrThrow();
      return Number(row.registration_count);
    },

    /** True when a company of `companyId` is on the supplier list of the space owner's account. */
    async onSupplierList(ownerUserId: number, companyId: number): Promise<boolean> {
      const row = await db
        .selectFrom('pur_customer_relations as r')
        .innerJoin('users as u', 'u.id', 'r.supplier_user_id')
        .select('r.supplier_user_id')
        .where('r.buyer_user_id', '=', ownerUserId)
        .where('u.company_id', '=', companyId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The companies on an owner's supplier list (invitations). */
    async supplierCompanies(ownerUserId: number, on: On = db): Promise<number[]> {
      const rows = await on
        .selectFrom('pur_customer_relations as r')
        .innerJoin('users as u', 'u.id', 'r.supplier_user_id')
        .select('u.company_id')
        .where('r.buyer_user_id', '=', ownerUserId)
        .execute();
      return [...new Set(rows.map((r) => r.company_id).filter((id): id is number => id !== null))];
    },

    /** Holds the space's row for the rest of a transaction that decides on its bids (a close). */
    async lockSpace(trx: Trx, spaceId: number): Promise<void> {
      await holdRow(trx, spaceId).execute();
    },

    /**
     * A bid batch's first step: it holds the space's row for the rest of its transaction (a no-op
     * update: every other writer of the space waits for the commit) and then reads what it
     * decides on: the space, the pieces it bids on, the live bid (the newest valid one) of each of
     * `companyIds` on each of them, and the space's bids stored by any of `companyIds` under any
     * of `requestIds` (retries). On PostgreSQL it is one call of `auction_desk_hold`, whose reads
     * follow the hold inside the database, so the hold is kept for one round trip instead of two,
     * and it also takes `newIds` ids for the bids the batch will store; SQLite, in process, runs
     * the same steps one after the other and gives the bids their ids as it stores them.
     */
    async holdDesk(trx: Trx, spaceId: number, pieceIds: number[], companyIds: number[], requestIds: string[], newIds: number) {
      type Held = { space: SpaceRow | null; pieces: PieceRow[]; live: BidRow[]; retried: BidRow[]; ids: number[] };
      if (!onSqlite) {
        const { rows } = await sql<{
          held: Held;
        }>`select auction_desk_hold(${spaceId}, ${pieceIds}, ${companyIds}, ${requestIds}, ${newIds}) as held`.execute(trx);
        const held = rows[0]!.held;
        return { ...held, space: held.space ?? undefined };
      }
      const space = await holdRow(trx, spaceId).returningAll().executeTakeFirst();
      if (!space) return { space, pieces: [], live: [], retried: [], ids: [] as number[] };
      const pieces = await trx.selectFrom('auction_pieces').selectAll().where('id', 'in', pieceIds).execute();
      const live = await trx
        .selectFrom('auction_bids')
        .selectAll()
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('auction_bids')
            .select((x) => x.fn.max('id').as('id'))
            .where('piece_id', 'in', pieceIds)
            .where('company_id', 'in', companyIds)
            .where('state', '=', 'valid')
            .groupBy(['piece_id', 'company_id']),
        )
        .execute();
      const retried = await storedUnder(trx, spaceId, companyIds, requestIds).execute();
      return { space, pieces, live, retried, ids: [] as number[] };
    },

    /** The bids of a space stored by any of `companyIds` under any of `requestIds` (retries). */
    bidsByRequests(spaceId: number, companyIds: number[], requestIds: string[]) {
      if (requestIds.length === 0 || companyIds.length === 0) return Promise.resolve([] as BidRow[]);
      return storedUnder(db, spaceId, companyIds, requestIds).execute();
    },

    /** A company's live bid on a piece. */
    liveBid(pieceId: number, companyId: number, on: On = db) {
      return on
        .selectFrom('auction_bids')
        .selectAll()
        .where('piece_id', '=', pieceId)
        .where('company_id', '=', companyId)
        .where('state', '=', 'valid')
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The best valid bid: the highest price (sell) or lowest (buy), then the earliest seq. */
    bestBid(pieceId: number, buy: boolean, on: On = db) {
      return on
        .selectFrom('auction_bids')
        .selectAll()
        .where('piece_id', '=', pieceId)
        .where('state', '=', 'valid')
        .orderBy('price', buy ? 'asc' : 'desc')
        .orderBy('seq', 'asc')
        .limit(1)
        .executeTakeFirst();
    },

    validBids(pieceId: number, on: On = db) {
      return on
        .selectFrom('auction_bids')
        .selectAll()
        .where('piece_id', '=', pieceId)
        .where('state', '=', 'valid')
        .orderBy('seq')
        .execute();
    },

    /**
     * Everything a bid batch changed, written together: its bids (answered as stored), the bids
     * they replaced, the space's last seq and chain digest, each changed piece and the operation
     * log's rows, which `logsOf` makes from the stored bids. PostgreSQL takes it as one statement,
     * so the space's hold is kept for one round trip instead of one per row; there the bids come
     * with the ids `holdDesk` took, so their log rows are known before they are stored. SQLite,
     * in process, writes them one after the other.
     */
    async writeDesk(
      trx: Trx,
      change: {
        bids: (Omit<BidRow, 'id' | 'fill_milli'> & { id?: number })[];
        superseded: number[];
        space: { id: number; last_seq: number; chain_digest: string };
        pieces: Pick<PieceRow, 'id' | 'end_at' | 'best_price' | 'bidder_count'>[];
      },
      logsOf: (stored: BidRow[]) => OplogEntry[],
    ): Promise<BidRow[]> {
      if (change.bids.length === 0) return [];
      const { id: spaceId, last_seq, chain_digest } = change.space;
      type Creator = QueryCreator<Database>;
      // Every change besides the bids and their log, as statements over the transaction or a WITH.
      const updates = [
        (q: Creator) => q.updateTable('auction_spaces').set({ last_seq, chain_digest }).where('id', '=', spaceId),
        ...change.pieces.map(
          ({ id, end_at, best_price, bidder_count }) =>
            (q: Creator) =>
              q.updateTable('auction_pieces').set({ end_at, best_price, bidder_count }).where('id', '=', id),
        ),
        ...(change.superseded.length > 0
          ? [(q: Creator) => q.updateTable('auction_bids').set({ state: 'superseded' }).where('id', 'in', change.superseded)]
          : []),
      ];
      const insert = (q: Creator) => q.insertInto('auction_bids').values(change.bids).returningAll();
      if (onSqlite) {
        const stored = await insert(trx).execute();
        for (const update of updates) await update(trx).execute();
        const logs = logsOf(stored);
        if (logs.length > 0) await operationLogInsert(trx, logs).execute();
        return stored;
      }
      const withIds = change.bids.map((bid): BidRow => {
        if (bid.id === undefined) throw new Error('A bid written in one statement needs the id holdDesk took for it');
        return { ...bid, id: bid.id, fill_milli: null };
      });
      const logs = logsOf(withIds);
      // The data-modifying parts of a WITH run whether or not anything reads them.
      let creator: Creator = trx;
      for (const [i, update] of updates.entries()) creator = creator.with(`written_${i}`, (q) => update(q)) as unknown as Creator;
      if (logs.length > 0) creator = creator.with('logged', (q) => operationLogInsert(q, logs)) as unknown as Creator;
      return insert(creator).execute();
    },

    async setFill(trx: Trx, bidId: number, fillMilli: number): Promise<void> {
      await trx.updateTable('auction_bids').set({ fill_milli: fillMilli }).where('id', '=', bidId).execute();
    },

    /** The latest bids of a piece, newest first; `companyId` keeps one company's only. */
    recentBids(pieceId: number, limit: number, companyId?: number) {
      let q = db.selectFrom('auction_bids').selectAll().where('piece_id', '=', pieceId);
      if (companyId !== undefined) q = q.where('company_id', '=', companyId);
      return q.orderBy('seq', 'desc').limit(limit).execute();
    },

    /** A space's bids in seq order, after `afterSeq`. */
    bidsAfter(spaceId: number, afterSeq: number, limit?: number, on: On = db) {
      let q = on.selectFrom('auction_bids').selectAll().where('space_id', '=', spaceId).where('seq', '>', afterSeq).orderBy('seq');
      if (limit !== undefined) q = q.limit(limit);
      return q.execute();
    },

    /** Spaces whose live state a scheduler job or a verify run needs: every space that has bids. */
    async spaceIdsWithBids(): Promise<number[]> {
      const rows = await db.selectFrom('auction_spaces').select('id').where('last_seq', '>', 0).orderBy('id').execute();
      return rows.map((r) => r.id);
    },
  };
}
export type AuctionTradeRepo = ReturnType<typeof createAuctionTradeRepo>;
