import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from './db/database';
import { allMigrations, migrateToLatest } from './migrations';

/**
 * The migration list as it stood when it was one hand-written record in this file, before the
 * manifests declared their own. An installed database records these names; collecting them from
 * the modules must neither rename, drop nor reorder one, or an existing installation would see a
 * migration to run again (or miss one).
 */
const RELEASED = [
  '001-foundation',
  '004-trading',
  '060-operation-log',
  '002-account',
  '020-menu-titles',
  '003-cms',
  '061-menu-fields',
  '062-article-covers',
  '063-company-profile',
  '080-file-owners',
  '100-reference-data',
  '101-trading-menus',
  '102-news-types',
  '115-deposits',
  '110-orders',
  '120-scheduled-jobs',
  '121-messages',
  '140-auction-tender-menus',
  '150-tender-trading',
  '141-auction-trading',
];

const isReleased = (name: string) => RELEASED.includes(name);

const handles: DbHandle[] = [];
afterEach(async () => {
  while (handles.length > 0) await handles.pop()!.close();
});

describe('the migrations collected from the manifests', () => {
  it('keep every released name, and the migrator applies them in the order it applied the hand-written list', () => {
    const collected = Object.keys(allMigrations('sqlite'));
    expect(collected.filter(isReleased)).toEqual([...RELEASED].sort());
    expect(collected).toEqual([...collected].sort());
    expect(Object.keys(allMigrations('postgres'))).toEqual(collected);
    // Every module's migrations carry their number; two modules never share one.
    expect(new Set(collected.map((name) => name.slice(0, 4))).size).toBe(collected.length);
  });

  it('leave a database migrated by the released list with only the added ones to run, by the same names', async () => {
    const database = openDatabase({ sqliteFile: ':memory:' });
    handles.push(database);
    await migrateToLatest(database.db, database.dialect, { skip: (name) => !isReleased(name) });
    const recorded = async () =>
      (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db)).rows.map((r) => r.name);
    expect(await recorded()).toEqual([...RELEASED].sort());
    await migrateToLatest(database.db, database.dialect);
    expect(await recorded()).toEqual(Object.keys(allMigrations(database.dialect)));
  });
});
