import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import type { Db, Dialect } from '../database';
import { SERVER_MODULES } from '../../modules/index';
import { collectMigrations, type ModuleDeclarations } from '../../platform/module';
import { scheduledJobs } from './120-scheduled-jobs';

/** Migrations of the platform itself rather than of one module: the scheduler's table. */
const platformMigrations: ModuleDeclarations = { name: 'platform', migrations: { '120-scheduled-jobs': scheduledJobs } };

/**
 * Every migration, collected from the platform and the modules' manifests, in the order the
 * migrator applies them (by name). A released migration's name never changes: an installed
 * database records the names it ran.
 */
export function allMigrations(dialect: Dialect): Record<string, Migration> {
  const all = collectMigrations([platformMigrations, ...SERVER_MODULES], dialect);
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((name) => [name, all[name]!]),
  );
}

/** Brings the schema up to date; throws when a migration fails. `skip` leaves the migrations it names out (a test that builds an older release's database). */
export async function migrateToLatest(db: Db, dialect: Dialect, opts: { skip?: (name: string) => boolean } = {}): Promise<void> {
  const every = allMigrations(dialect);
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
