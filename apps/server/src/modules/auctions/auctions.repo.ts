import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';

export interface SpaceFilter {
  /** Space statuses to answer (the public ones, or one of them). */
  statuses: number[];
  mode?: number;
  /** Spaces with at least one piece in this trade status. */
  tradeStatus?: number;
}
export interface SpaceOrder {
  time?: 'asc' | 'desc';
  price?: 'asc' | 'desc';
}

type Eb = ExpressionBuilder<Database, 'auction_spaces'>;

function conditions(eb: Eb, f: SpaceFilter): Expression<SqlBool> {
  // Invited spaces are shown to the owner's supplier list only (their room), never in the public centre.
  const c: Expression<SqlBool>[] = [eb('auction_spaces.space_status', 'in', f.statuses), eb('auction_spaces.scope', '=', 'open')];
  if (f.mode !== undefined) c.push(eb('auction_spaces.space_auction_mode', '=', f.mode));
  if (f.tradeStatus !== undefined) {
    c.push(
      eb.exists(
        eb
          .selectFrom('auction_pieces')
          .select('auction_pieces.id')
          .whereRef('auction_pieces.space_id', '=', 'auction_spaces.id')
          .where('auction_pieces.trade_status', '=', f.tradeStatus),
      ),
    );
  }
  return eb.and(c);
}

/** Storage of auction spaces and their pieces. */
export function createAuctionsRepo(db: Db) {
  return {
    async count(f: SpaceFilter): Promise<number> {
      const row = await db
        .selectFrom('auction_spaces')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where((eb) => conditions(eb, f))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    page(f: SpaceFilter, order: SpaceOrder, offset: number, limit: number) {
      // The lowest base price that may be shown; spaces without one sort last in both directions.
      const openPrice = sql<
        number | null
      >`(select min(p.base_price) from auction_pieces p where p.space_id = auction_spaces.id and p.open_base_price = 1)`;
      let q = db
        .selectFrom('auction_spaces')
        .selectAll()
        .where((eb) => conditions(eb, f));
      if (order.time) q = q.orderBy('begin_at', order.time);
      if (order.price) q = q.orderBy(sql`case when ${openPrice} is null then 1 else 0 end`).orderBy(openPrice, order.price);
      if (!order.time) q = q.orderBy('begin_at', 'desc');
      return q.orderBy('id', 'desc').limit(limit).offset(offset).execute();
    },

    piecesOf(spaceIds: number[]) {
      if (spaceIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('auction_pieces')
        .selectAll()
        .where('space_id', 'in', spaceIds)
        .orderBy('space_id')
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    find(id: number) {
      return db.selectFrom('auction_spaces').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
export type AuctionsRepo = ReturnType<typeof createAuctionsRepo>;
