import type { CreateTableBuilder, Kysely } from 'kysely';
import { withIdColumn, type Dialect } from '../../../../db/database';

/**
 * The keys of signed contracts: the platform's own certificates (its root CA, its seal, its
 * timestamp authority) and the certificate the CA issued to each company that signed. A private
 * key is kept only sealed under the contract key, which lives outside the database (and outside
 * every backup); the key id names which key sealed it.
 */
/** The columns of a certificate and its sealed private key, alike in both tables. */
function keyColumns(table: CreateTableBuilder<string, string>) {
  return table
    .addColumn('certificate_pem', 'text', (c) => c.notNull())
    .addColumn('key_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('sealed_key', 'text', (c) => c.notNull())
    .addColumn('not_before', 'varchar(32)', (c) => c.notNull())
    .addColumn('not_after', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull());
}

export function contractKeys(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await keyColumns(
        withIdColumn(db.schema.createTable('contract_platform_keys'), dialect)
          .addColumn('role', 'varchar(8)', (c) => c.notNull().unique())
          .addColumn('serial', 'varchar(64)', (c) => c.notNull()),
      ).execute();

      await keyColumns(
        withIdColumn(db.schema.createTable('contract_company_keys'), dialect)
          .addColumn('company_id', 'integer', (c) => c.notNull())
          .addColumn('serial', 'varchar(64)', (c) => c.notNull().unique())
          .addColumn('subject', 'varchar(300)', (c) => c.notNull()),
      ).execute();
      await db.schema.createIndex('contract_company_keys_company').on('contract_company_keys').columns(['company_id', 'id']).execute();
    },
  };
}
