import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
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
}

// pg returns BIGINT as text by default; every BIGINT here is an epoch-milliseconds number.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens SQLite (a file, or ':memory:') or PostgreSQL. `searchPath` isolates a test's schema. */
export function openDatabase(opts: { databaseUrl?: string; sqliteFile?: string; searchPath?: string }): DbHandle {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.searchPath ? { options: `-c search_path=${opts.searchPath}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  const file = opts.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * Kysely prepares every query anew, and compiling the SQL costs more than running most of the
 * portal's queries; statements are kept per SQL text instead (the least recently used dropped).
 * Safe because every query runs to completion synchronously on the one connection.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, max = 500): SqliteDialectConfig['database'] {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else {
        statement = sqlite.prepare(text);
        if (statements.size >= max) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
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
