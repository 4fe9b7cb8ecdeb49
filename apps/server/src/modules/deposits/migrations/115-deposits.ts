import { sql, type Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../db/database';

/**
 * Deposit accounts (one per company and currency) and their ledger. The account row keeps balance
 * and frozen so a conditional update can refuse an overdraft atomically; the ledger explains every
 * cent of them and is append-only: the database itself refuses to change or delete an entry.
 */
export function deposits(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await withIdColumn(db.schema.createTable('deposit_accounts'), dialect)
        .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('frozen', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
        .addUniqueConstraint('deposit_accounts_company_currency', ['company_id', 'currency'])
        // Money set aside is never negative and never more than the money held.
        .addCheckConstraint('deposit_accounts_frozen_within_balance', sql`frozen >= 0 and frozen <= balance`)
        .execute();

      await withIdColumn(db.schema.createTable('deposit_entries'), dialect)
        .addColumn('account_id', 'integer', (c) => c.notNull().references('deposit_accounts.id'))
        .addColumn('kind', 'varchar(10)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_change', 'bigint', (c) => c.notNull())
        .addColumn('frozen_change', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('frozen_after', 'bigint', (c) => c.notNull())
        .addColumn('reference', 'varchar(100)', (c) => c.notNull())
        /** The other company of a forfeit (who lost it, or who received it); null otherwise. */
        .addColumn('counterparty_company_id', 'integer')
        .addColumn('actor_user_id', 'integer')
        .addColumn('at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('deposit_entries_account').on('deposit_entries').columns(['account_id', 'id']).execute();

      if (dialect === 'postgres') {
        await sql`create function deposit_entries_append_only() returns trigger language plpgsql as $$
          begin
            raise exception 'deposit ledger entries are never changed or deleted';
          end $$`.execute(db);
        await sql`create trigger deposit_entries_append_only before update or delete on deposit_entries
          for each row execute function deposit_entries_append_only()`.execute(db);
      } else {
        await sql`create trigger deposit_entries_no_update before update on deposit_entries
          begin select raise(abort, 'deposit ledger entries are never changed or deleted'); end`.execute(db);
        await sql`create trigger deposit_entries_no_delete before delete on deposit_entries
          begin select raise(abort, 'deposit ledger entries are never changed or deleted'); end`.execute(db);
      }
    },
  };
}
