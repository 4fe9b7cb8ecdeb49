import { sql, type Kysely } from 'kysely';

/**
 * A supplier has at most one pending application to a buyer, kept by the database: of two made at
 * once (on two servers, say), the second meets this index and is refused as pending, whatever the
 * first had committed when the second looked. Copies such races left before are removed first,
 * keeping the oldest pending application of each pair.
 */
export function onePendingApplication() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`
        delete from supplier_applications
        where state = 'pending'
          and id not in (
            select min(id) from supplier_applications where state = 'pending' group by buyer_user_id, supplier_user_id
          )`.execute(db);
      await db.schema
        .createIndex('supplier_applications_one_pending')
        .unique()
        .on('supplier_applications')
        .columns(['buyer_user_id', 'supplier_user_id'])
        .where(sql.ref('state'), '=', 'pending')
        .execute();
    },
  };
}
