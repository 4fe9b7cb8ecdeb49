import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DbHandle } from '../db/database';

/**
 * An empty database for a migration or upgrade test: in-memory SQLite, or a fresh PostgreSQL
 * schema when TEST_DATABASE_URL is set. Its clean-up (closing, dropping the schema) is pushed
 * onto `closers` for the test's afterEach.
 */
export async function emptyDatabase(closers: (() => Promise<void>)[]): Promise<DbHandle> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    const database = openDatabase({ sqliteFile: ':memory:' });
    closers.push(() => database.close());
    return database;
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ databaseUrl: pgUrl, searchPath: schema });
  closers.push(async () => {
    await database.close();
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  });
  return database;
}
