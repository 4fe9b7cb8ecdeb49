import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from './database';

const pgUrl = process.env.TEST_DATABASE_URL;

/** Runs SQL outside the pools under test. */
async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query(text);
  await client.end();
}

describe.runIf(pgUrl)('prepared statements on PostgreSQL', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const open = (opts: { prepare?: boolean; maxPreparedPerConnection?: number } = {}) =>
    openDatabase({ databaseUrl: pgUrl, searchPath: schema, poolSize: 1, ...opts });
  let prepared: DbHandle;
  let plain: DbHandle;

  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    await admin(
      `create table ${schema}.markets (market_id text primary key, market_name_zh text not null);
       insert into ${schema}.markets select 'M' || i, '市场' || i from generate_series(1, 50) i`,
    );
    prepared = open();
    plain = open({ prepare: false });
  });
  afterAll(async () => {
    await prepared.close();
    await plain.close();
    await admin(`drop schema ${schema} cascade`);
  });

  const page = (db: DbHandle['db'], from: string) =>
    db.selectFrom('markets').selectAll().where('market_id', '>', from).orderBy('market_id').limit(5).execute();
  const preparedTexts = async (db: DbHandle['db']) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map((r) => r.statement);

  it('answer what unprepared queries answer, preparing each SQL text once per connection', async () => {
    for (const from of ['M1', 'M3', 'M42', 'Z']) expect(await page(prepared.db, from)).toEqual(await page(plain.db, from));
    const texts = await preparedTexts(prepared.db);
    expect(texts.filter((t) => t.includes('"market_id" > $1'))).toHaveLength(1);
    expect(await preparedTexts(plain.db)).toEqual([]);
  });

  it('keep answering after a migration changes the columns a prepared query returns', async () => {
    const find = () => prepared.db.selectFrom('markets').selectAll().where('market_id', '=', 'M7').executeTakeFirstOrThrow();
    expect(await find()).toEqual({ market_id: 'M7', market_name_zh: '市场7' });
    await admin(`alter table ${schema}.markets add column market_mode integer not null default 1`);
    expect(await find()).toEqual({ market_id: 'M7', market_name_zh: '市场7', market_mode: 1 });
  });

  it('replace a connection that has prepared its share of statements', async () => {
    const small = open({ maxPreparedPerConnection: 3 });
    try {
      const pid = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(small.db)).rows[0]!.pid;
      const first = await pid();
      expect(await pid()).toBe(first);
      await page(small.db, 'M1');
      // Third text on this connection: it is closed when released and the pool opens another.
      await small.db.selectFrom('markets').select('market_id').where('market_id', '=', 'M2').execute();
      expect(await pid()).not.toBe(first);
    } finally {
      await small.close();
    }
  });
});
