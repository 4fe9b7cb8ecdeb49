import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from '../database';
import type { ModuleDeclarations } from '../../platform/module';
import { scheduledJobs } from './120-scheduled-jobs';
import { installation } from './194-installation';

/** Migrations of the platform itself rather than of one module: the scheduler's table, the installation's identity. */
export const platformMigrations: ModuleDeclarations = {
  name: 'platform',
  migrations: { '120-scheduled-jobs': scheduledJobs, '194-installation': installation },
};

/**
 * Brings the schema up to date with `every` migration (the registry collects them from the
 * platform and the modules); throws when one fails. `skip` leaves the migrations it names out (a
 * test that builds an older release's database).
 */
export async function runMigrations(
  db: Db,
  dialect: Dialect,
  every: Record<string, Migration>,
  opts: { skip?: (name: string) => boolean } = {},
): Promise<void> {
  const chosen = opts.skip ? Object.fromEntries(Object.entries(every).filter(([name]) => !opts.skip!(name))) : every;
  const provider: MigrationProvider = { getMigrations: async () => chosen };
  // Areas add migrations independently; an older name arriving later must still apply.
  // The migrator looks for its own tables in every schema unless told one; a test schema beside
  // this one (PostgreSQL runs each test in its own) would otherwise pass for this one's.
  const migrationTableSchema =
    dialect === 'postgres' ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name : undefined;
  const migrator = new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
