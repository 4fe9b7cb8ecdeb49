import type { Kysely } from 'kysely';

/** The company profile a company user keeps in its user centre. */
export function companyProfile() {
  const columns: [string, 'varchar(40)' | 'varchar(100)' | 'varchar(200)' | 'varchar(500)' | 'text'][] = [
    ['credit_code', 'varchar(40)'],
    ['legal_person', 'varchar(40)'],
    ['address', 'varchar(200)'],
    ['contact_name', 'varchar(40)'],
    ['contact_phone', 'varchar(40)'],
    ['email', 'varchar(100)'],
    ['main_business', 'varchar(500)'],
    ['introduction', 'text'],
    ['logo_url', 'varchar(500)'],
    ['updated_at', 'varchar(40)'],
  ];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // One column per statement: SQLite adds a single column per ALTER TABLE.
      for (const [name, type] of columns) {
        await db.schema
          .alterTable('companies')
          .addColumn(name, type, (c) => c.notNull().defaultTo(''))
          .execute();
      }
    },
  };
}
