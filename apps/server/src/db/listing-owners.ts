import { sql, type QueryExecutorProvider } from 'kysely';

/**
 * Listings written straight into the table (older rows, demo and bench data) name their seller
 * only: this gives each of them its seller's company, its goods name (from its first SKU row) and
 * an update time, which owners' pages, review and orders go by. Rows that have them keep them.
 */
export async function fillListingOwners(db: QueryExecutorProvider): Promise<void> {
  await sql`update listings set company_id = coalesce((select u.company_id from users u where u.id = listings.seller_id), 0)
    where company_id = 0`.execute(db);
  await sql`update listings set goods_sku_name = coalesce((select s.goods_sku_name from listing_skus s
    where s.listing_id = listings.id order by s.sort, s.id limit 1), '') where goods_sku_name = ''`.execute(db);
  await sql`update listings set updated_at = publish_time where updated_at = ''`.execute(db);
}
