import type { Kysely } from 'kysely';

/**
 * Each stored file remembers the company of the account that uploaded it (none for the platform's
 * operators and demo data), so that uploads can be counted against a company's quota.
 */
export function fileOwners() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('files').addColumn('company_id', 'integer').execute();
      await db.schema.createIndex('files_company_id').on('files').column('company_id').execute();
    },
  };
}
