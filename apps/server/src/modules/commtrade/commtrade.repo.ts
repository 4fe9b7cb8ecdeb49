import type { Db } from '../../db/database';

/** Storage of the variety tree, markets and shops. */
export function createCommtradeRepo(db: Db) {
  return {
    varieties() {
      return db
        .selectFrom('varieties')
        .select(['id', 'code', 'par_code', 'short_name', 'level', 'unit'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },
    findVariety(code: string) {
      return db.selectFrom('varieties').select(['code', 'par_code', 'short_name', 'level']).where('code', '=', code).executeTakeFirst();
    },
    marketsByModes(modes: number[]) {
      return db.selectFrom('markets').selectAll().where('obj_mode', 'in', modes).orderBy('sort').orderBy('market_id').execute();
    },
    markets() {
      return db.selectFrom('markets').selectAll().orderBy('sort').orderBy('market_id').execute();
    },
    findMarket(marketId: string) {
      return db.selectFrom('markets').selectAll().where('market_id', '=', marketId).executeTakeFirst();
    },
    recommendedShops() {
      return db.selectFrom('shops').selectAll().where('recommended', '=', 1).orderBy('recommend_sort').orderBy('user_id').execute();
    },
    findShop(userId: number) {
      return db.selectFrom('shops').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    async countOnListing(userId: number): Promise<number> {
      const row = await db
        .selectFrom('listings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('seller_id', '=', userId)
        .where('obj_state', '=', 1)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type CommtradeRepo = ReturnType<typeof createCommtradeRepo>;
