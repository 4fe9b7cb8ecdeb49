import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type ColumnDefinitionBuilder,
  type Compilable,
  type CompiledQuery,
  type CreateTableBuilder,
  type LogEvent,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type SqliteDialectConfig,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
  /** Hears every query's SQL, time and outcome from now on (the metrics); one listener, the last given. */
  observeQueries(listener: QueryListener): void;
  /** PostgreSQL's pool now: connections open, idle, and queries waiting for one; null on SQLite. */
  poolStats(): PoolStats | null;
  /**
   * Where readiness asks its questions: on PostgreSQL a connection of its own beside the pool, so
   * a pool busy with requests (every connection taken, queries waiting) does not read as a
   * database gone and take every node out of a load balancer at once; on SQLite `db` itself.
   */
  probeDb?: Db;
}

export type QueryListener = (sqlText: string, ms: number, failed: boolean) => void;
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Kysely's query log, passed on to whoever observes the queries. */
function queryLog() {
  let listener: QueryListener | null = null;
  return {
    log: (event: LogEvent) => listener?.(event.query.sql, event.queryDurationMillis, event.level === 'error'),
    observe: (next: QueryListener) => void (listener = next),
  };
}

// pg returns BIGINT as text by default; every BIGINT here is an epoch-milliseconds number.
pg.types.setTypeParser(20, (v) => Number(v));

export interface OpenOptions {
  databaseUrl?: string;
  sqliteFile?: string;
  /** PostgreSQL schema to work in; isolates a test's or a benchmark's data. */
  searchPath?: string;
  /** PostgreSQL connections in the pool (default 4). */
  poolSize?: number;
  /** Prepare every repeated query once per PostgreSQL connection (default on). */
  prepare?: boolean;
  /** Statements a PostgreSQL connection prepares before it is replaced by a fresh one (default 500). */
  maxPreparedPerConnection?: number;
  /** How long a query waits for a PostgreSQL connection (in the pool's queue or connecting) before it fails (default 10 s). */
  connectTimeoutMs?: number;
  /** Told of an idle PostgreSQL connection that broke (it is replaced on its own). */
  onIdleError?: (err: Error) => void;
}

/** Opens SQLite (a file, or ':memory:') or PostgreSQL. */
export function openDatabase(opts: OpenOptions): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 4,
      // A request waits this long for a connection while PostgreSQL is out of reach, then fails
      // (answered as retryable) instead of hanging.
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 10_000,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    // A connection PostgreSQL dropped (a restart, a network cut) emits an error: unheard, it would
    // end the process. An idle one is reported through the pool, which has already discarded it; one
    // in use fails its query (the request is answered as retryable) and is discarded when released.
    pool.on('error', (err) => opts.onIdleError?.(err));
    pool.on('connect', (client) => client.on('error', () => {}));
    const queries = queryLog();
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: opts.prepare === false ? pool : preparingPool(pool, opts.maxPreparedPerConnection ?? 500) }),
      log: queries.log,
    });
    // One connection for readiness alone; a broken one is replaced at the next probe, and a probe
    // waits at most 2 s for it, so readiness comes back soon after the database does.
    const probePool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 1,
      connectionTimeoutMillis: 2_000,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    probePool.on('error', () => {});
    probePool.on('connect', (client) => client.on('error', () => {}));
    const probeDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: probePool }) });
    return {
      db,
      dialect: 'postgres',
      probeDb,
      close: async () => {
        await db.destroy();
        await probeDb.destroy();
      },
      observeQueries: queries.observe,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const queries = queryLog();
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log: queries.log });
  // No busy retries to count: the one connection waits inside SQLite (busy_timeout) for another process's lock.
  return { db, dialect: 'sqlite', close: () => db.destroy(), observeQueries: queries.observe, poolStats: () => null };
}

type KeptStatement = Pick<SqliteDatabase.Statement, 'reader' | 'all' | 'run' | 'iterate'>;

/**
 * Kysely prepares every query anew, and compiling the SQL costs more than running most of the
 * portal's queries; statements are kept per SQL text instead (the least recently used dropped).
 * Safe because every query runs to completion synchronously on the one connection.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 500): SqliteDialectConfig['database'] {
  const statements = new Map<string, KeptStatement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else {
        const prepared = sqlite.prepare(text);
        statement = prepared.reader ? readingRows(prepared) : prepared;
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement as SqliteDatabase.Statement;
    },
  };
}

/**
 * A reading statement whose rows are read as arrays and made into objects by a function written
 * for its columns: better-sqlite3 builds each row object property by property, which for a page of
 * wide rows cost more than running the query (a page of 32 listing cards: about a third less time).
 * The objects are the same: one property per result column in order, a repeated name keeping the
 * last value.
 */
function readingRows(statement: SqliteDatabase.Statement): KeptStatement {
  const names = statement.columns().map((column) => column.name);
  const make = new Function('row', `return {${names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`).join(', ')}};`) as (
    row: unknown[],
  ) => Record<string, unknown>;
  statement.raw(true);
  return {
    reader: true,
    all: ((...parameters: unknown[]) => (statement.all(...parameters) as unknown[][]).map(make)) as SqliteDatabase.Statement['all'],
    run: statement.run.bind(statement),
    *iterate(...parameters: unknown[]) {
      for (const row of statement.iterate(...parameters)) yield make(row as unknown[]);
    },
  } as KeptStatement;
}

/** SQL that is worth preparing: statements with a plan, not transaction control or schema changes. */
const PLANNED = /^\s*(select|insert|update|delete|with)\b/i;
/** PostgreSQL's answer when a prepared statement's columns changed under it (a migration added one). */
const RESULT_TYPE_CHANGED = '0A000';

/**
 * PostgreSQL parses, analyses and plans every unnamed query anew, which for the portal's search
 * statements (wide, on a table with thirteen indexes) costs more CPU than running them. pg
 * prepares a query once per connection when it has a name, so each pooled connection names every
 * SQL text it meets and afterwards only binds parameters; PostgreSQL then also reuses the plan
 * where a generic one is as good (plan_cache_mode auto: counts and lookups, not paged queries,
 * whose LIMIT it cannot estimate without the values). A connection that has prepared `max`
 * statements is closed when released and the pool opens a fresh one: that bounds the server's
 * memory without reaching into the driver to deallocate single statements.
 */
function preparingPool(pool: pg.Pool, max: number): PostgresPool {
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const names = new Map<string, string>();
    let prepared = 0;
    const run = (text: string, values: unknown[], name: string | undefined) =>
      name ? client.query({ name, text, values }) : client.query(text, values);
    async function named<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
      const values = [...parameters];
      let name = names.get(text);
      if (name === undefined && PLANNED.test(text)) {
        name = `q${++prepared}`;
        names.set(text, name);
      }
      try {
        return (await run(text, values, name)) as PostgresQueryResult<R>;
      } catch (err) {
        if (!name || (err as { code?: string }).code !== RESULT_TYPE_CHANGED) throw err;
        // The old statement stays until the connection is recycled; the text gets a new name.
        names.delete(text);
        if (client.getTransactionStatus() !== 'I') throw err;
        return (await run(text, values, undefined)) as PostgresQueryResult<R>;
      }
    }
    function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(
      sql: string | PostgresCursor<R>,
      parameters?: readonly unknown[],
    ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      if (typeof sql !== 'string') throw new Error('streaming needs a cursor class, which this dialect does not configure');
      return named<R>(sql, parameters ?? []);
    }
    return {
      query,
      release: () => client.release(prepared >= max ? true : undefined),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** A value given when a prepared query runs, standing in its place while the query is built. */
class Slot {
  constructor(readonly name: string) {}
}

/** The stand-in of the value named `name` in a prepared query (typed as the value, so builders stay as they are). */
export const slot = <T>(name: string): T => new Slot(name) as unknown as T;

/**
 * Queries built and compiled once per shape, then run with new values (decision 162): building
 * Kysely's tree and compiling it to SQL costs about a tenth of a search's time, the same work every
 * request. A shape names everything that changes the SQL text (which filters are set, the order,
 * list lengths); every value is a `slot(name)` while building and given by name when running. The
 * compiled SQL then meets the statement cache below (SQLite) or a connection's prepared statement
 * (PostgreSQL), so a repeated query is bound and run, nothing more.
 */
export function createPreparedQueries(db: Db, max = 500) {
  const compiled = new Map<string, CompiledQuery>();
  return {
    /** Runs the query of `shape` with `values`; `build` is called the first time only. */
    async run<R>(shape: string, values: Record<string, unknown>, build: () => Compilable<R>): Promise<R[]> {
      let query = compiled.get(shape);
      if (!query) {
        query = build().compile();
        if (compiled.size >= max) compiled.clear();
        compiled.set(shape, query);
      }
      const parameters = query.parameters.map((p) => {
        if (!(p instanceof Slot)) return p;
        if (!(p.name in values)) throw new Error(`prepared query ${shape}: no value for ${p.name}`);
        return values[p.name];
      });
      return (await db.executeQuery<R>({ ...query, parameters } as CompiledQuery<R>)).rows;
    },
  };
}

/**
 * Locks the rows a select reads for the rest of the transaction on PostgreSQL. SQLite writes one
 * transaction at a time, so a read inside a write transaction is already protected there.
 */
export function lockedForUpdate<Q extends { forUpdate(): Q }>(query: Q, dialect: Dialect): Q {
  return dialect === 'postgres' ? query.forUpdate() : query;
}

/** True for an insert or update refused by a unique index, on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

/** An auto-incrementing integer primary key on either dialect. */
export function withIdColumn<T extends string>(table: CreateTableBuilder<T>, dialect: Dialect): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn('id', 'integer', (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

/** The column type of raw bytes: BLOB on SQLite, BYTEA on PostgreSQL (both read back as a Buffer). */
export function blobType(dialect: Dialect): 'blob' | 'bytea' {
  return dialect === 'postgres' ? 'bytea' : 'blob';
}
