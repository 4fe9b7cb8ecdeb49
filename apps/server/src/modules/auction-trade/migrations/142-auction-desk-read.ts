import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../../db/database';

/**
 * PostgreSQL: a bid batch holds its space and reads what it decides on in one round trip.
 *
 * The batch must read the pieces and bids only once it holds the space's row, or it could decide
 * on a state older than the batch that held the row before it. One statement cannot do both: its
 * reads would see the database as it was when the statement began, before the wait for the hold.
 * A function can: each statement inside it sees what was committed when that statement began, so
 * the reads after the hold see every batch committed before it. It returns, as JSON:
 *
 * - `space`: the held space's row (null when there is no such space, and nothing is held);
 * - `pieces`: the rows of `piece_ids`;
 * - `live`: the live bid (the newest valid one) of each of `company_ids` on each of those pieces;
 * - `retried`: the space's bids stored by any of `company_ids` under any of `request_ids`;
 * - `ids`: `new_ids` bid ids taken from the bids' sequence, for the bids the batch will store.
 *
 * SQLite, in process, holds and reads with separate statements at no round-trip cost.
 */
export function auctionDeskRead(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`
        create or replace function auction_desk_hold(space bigint, piece_ids bigint[], company_ids bigint[], request_ids text[], new_ids integer)
        returns json language plpgsql volatile as $fn$
        declare
          held auction_spaces;
          answer json;
        begin
          update auction_spaces set last_seq = last_seq where id = space returning * into held;
          if not found then
            return json_build_object('space', null, 'pieces', '[]'::json, 'live', '[]'::json, 'retried', '[]'::json, 'ids', '[]'::json);
          end if;
          select json_build_object(
            'space', row_to_json(held),
            'pieces', (select coalesce(json_agg(p), '[]'::json) from auction_pieces p where p.id = any(piece_ids)),
            'live', (
              select coalesce(json_agg(b), '[]'::json) from auction_bids b
              where b.id in (
                select max(l.id) from auction_bids l
                where l.piece_id = any(piece_ids) and l.company_id = any(company_ids) and l.state = 'valid'
                group by l.piece_id, l.company_id
              )
            ),
            'retried', (
              select coalesce(json_agg(r), '[]'::json) from auction_bids r
              where r.space_id = space and r.company_id = any(company_ids) and r.request_id = any(request_ids)
            ),
            'ids', (
              select coalesce(json_agg(nextval(pg_get_serial_sequence('auction_bids', 'id'))), '[]'::json)
              from generate_series(1, new_ids)
            )
          ) into answer;
          return answer;
        end
        $fn$
      `.execute(db);
    },
  };
}
