import type { Migration } from 'kysely';
import type { Db, Dialect } from './db/database';
import { platformMigrations, runMigrations } from './db/migrations/index';
import { SERVER_MODULES } from './modules/index';
import { collectMigrations } from './platform/module';

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
  await runMigrations(db, dialect, allMigrations(dialect), opts);
}
