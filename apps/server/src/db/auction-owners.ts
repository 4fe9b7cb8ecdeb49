import { sql, type QueryExecutorProvider } from 'kysely';

/**
 * Auction spaces written straight into the tables (older rows, demo and bench data) name their
 * publishing account only: this gives each its company, a registration end (the start) and each
 * piece its end time (the space's), which bidding, closes and owners' pages go by. Rows that have
 * them keep them.
 */
export async function fillAuctionOwners(db: QueryExecutorProvider): Promise<void> {
  await sql`update auction_spaces set company_id = coalesce((select u.company_id from users u where u.id = auction_spaces.user_id), 0)
    where company_id = 0`.execute(db);
  await sql`update auction_spaces set registration_end_at = begin_at where registration_end_at = ''`.execute(db);
  await sql`update auction_spaces set updated_at = created_at where updated_at = ''`.execute(db);
  await sql`update auction_pieces set end_at = (select s.end_at from auction_spaces s where s.id = auction_pieces.space_id)
    where end_at = ''`.execute(db);
}
