import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { serverVersion } from '../platform/server-version';
import { openDatabase, type Dialect } from './database';
import type { Database } from './schema';

/**
 * Backups that can be taken while the platform serves, and restored into an empty installation.
 *
 * A backup is a folder: the database copy (SQLite's online backup, or pg_dump's custom format of
 * the installation's schema) and manifest.json, which holds the SHA-256 of every other file in the
 * folder and what the copy contains as of its snapshot: the migrations applied, the rows of every
 * table, and the SHA-256 of every stored file (uploads live in the database's files table). A
 * restore checks the checksums before touching anything and, after loading, checks the restored
 * database against the manifest. The tender sealing key is never part of a backup (decision 199),
 * nor is the contract key that seals the signing keys of contracts (decision 300).
 */

export const MANIFEST_FILE = 'manifest.json';
const MANIFEST_FORMAT = 1;

export interface BackupFileSum {
  name: string;
  bytes: number;
  sha256: string;
}

export interface StoredFileSum {
  id: string;
  bytes: number;
  sha256: string;
}

export interface BackupManifest {
  format: number;
  /** The server's version that took the backup. */
  version: string;
  createdAt: string;
  database: {
    kind: Dialect;
    /** PostgreSQL: the schema that was copied (and is restored under the same name). */
    schema: string | null;
  };
  migrations: { count: number; head: string; names: string[] };
  /** Rows of every table as of the snapshot the copy was taken from. */
  rows: Record<string, number>;
  storedFiles: { count: number; bytes: number; files: StoredFileSum[] };
  /** The sealing key is not in the backup; these are the key ids its sealed tender rows need. */
  sealingKey: { included: false; keyIds: string[] };
  /** Every file of the backup besides this manifest. */
  files: BackupFileSum[];
}

/** A refusal or a failed check the commands report as it is (no stack): a damaged backup, a target in use. */
export class BackupError extends Error {}

export type BackupSource = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; schema?: string };
export type RestoreTarget = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** Where progress lines go (the commands print them). */
export type Report = (line: string) => void;

const SQLITE_COPY = 'database.sqlite';
const POSTGRES_COPY = 'database.dump';
/** SQLite pages copied per step of the online backup (4 MB with 4 KB pages). */
const PAGES_PER_STEP = 1024;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const count = (n: number) => n.toLocaleString('en-US');

// ---------------------------------------------------------------------------------------------
// What a snapshot holds

interface SnapshotFacts {
  migrations: string[];
  rows: Record<string, number>;
  storedFiles: StoredFileSum[];
  keyIds: string[];
}

async function tablesOf(db: Kysely<Database>, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
  return rows.map((r) => r.name).sort();
}

/** The SHA-256 of every stored file's bytes, read a page at a time. */
async function storedFileSums(db: Kysely<Database>): Promise<StoredFileSum[]> {
  const sums: StoredFileSum[] = [];
  let after: string | null = null;
  for (;;) {
    let page = db.selectFrom('files').select(['id', 'data']).orderBy('id').limit(50);
    if (after !== null) page = page.where('id', '>', after);
    const rows = await page.execute();
    for (const row of rows) {
      const data = Buffer.from(row.data);
      sums.push({ id: row.id, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') });
    }
    if (rows.length < 50) return sums;
    after = rows.at(-1)!.id;
  }
}

/** Everything the manifest says of a database, read through `db` (inside one snapshot). */
async function snapshotFacts(db: Kysely<Database>, dialect: Dialect): Promise<SnapshotFacts> {
  const tables = await tablesOf(db, dialect);
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const { rows: counted } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    rows[table] = Number(counted[0]!.n);
  }
  const { rows: migrations } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  const sealed = tables.includes('tender_bids')
    ? (await sql<{ key_id: string }>`select key_id from tender_bids union select key_id from tender_answers`.execute(db)).rows
    : [];
  return {
    migrations: migrations.map((m) => m.name),
    rows,
    storedFiles: await storedFileSums(db),
    keyIds: [...new Set(sealed.map((r) => r.key_id).filter(Boolean))].sort(),
  };
}

async function sha256Of(file: string, onBytes?: (done: number) => void): Promise<BackupFileSum> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    fs.createReadStream(file),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        onBytes?.(bytes);
        done();
      },
    }),
  );
  return { name: path.basename(file), bytes, sha256: hash.digest('hex') };
}

/** Calls `report` with a line when a byte count crosses the next tenth of `total` (or of 64 MB when unknown). */
function byteProgress(report: (done: number) => void, total?: number): (done: number) => void {
  const step = total ? Math.max(1, Math.ceil(total / 10)) : 64 * 1024 * 1024;
  let next = step;
  return (done) => {
    if (done < next) return;
    report(done);
    next = (Math.floor(done / step) + 1) * step;
  };
}

// ---------------------------------------------------------------------------------------------
// The command-line tools of PostgreSQL

/** A connection for pg_dump and pg_restore: the address without its password, which goes in PGPASSWORD (never in the process list). */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const address = new URL(url);
  const password = decodeURIComponent(address.password);
  address.password = '';
  return { dbname: address.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs a tool to its end; its standard error arrives line by line, its standard output goes to `stdout` when given. */
async function runTool(
  command: string,
  args: string[],
  opts: { env: NodeJS.ProcessEnv; stdout?: NodeJS.WritableStream; onLine?: (line: string) => void },
): Promise<string> {
  const child = spawn(command, args, { env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const errors: string[] = [];
  let pending = '';
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      opts.onLine?.(line);
      if (/error|fatal/i.test(line)) errors.push(line);
    }
  });
  const copied = opts.stdout ? pipeline(child.stdout, opts.stdout) : null;
  if (!opts.stdout) child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number>((resolve, reject) => {
    child.on('error', (err) =>
      reject(new BackupError(`${command} could not run (${err.message}); it comes with PostgreSQL's client tools`)),
    );
    child.on('close', (code) => resolve(code ?? 1));
  });
  const [code] = await Promise.all([exit, copied]);
  if (code !== 0)
    throw new BackupError(`${command} failed (exit ${code}): ${[...errors, pending].filter(Boolean).join('\n') || 'no message'}`);
  return output;
}

// ---------------------------------------------------------------------------------------------
// Backup

export interface BackupOutcome {
  dir: string;
  manifest: BackupManifest;
  ms: number;
}

/**
 * Writes a backup of `source` into `dir` (which must not exist yet or be empty), while the
 * platform keeps serving: the copy and the manifest's counts come from one snapshot.
 */
export async function createBackup(opts: {
  source: BackupSource;
  dir: string;
  report: Report;
  now?: () => Date;
  /** SQLite pages per step (tests use few, so writes land between the steps). */
  pagesPerStep?: number;
}): Promise<BackupOutcome> {
  const started = performance.now();
  const { source, dir, report } = opts;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new BackupError(`${dir} is not empty: a backup goes into a new folder`);
  if (source.kind === 'sqlite' && !fs.existsSync(source.file)) throw new BackupError(`no SQLite database at ${source.file} (DATA_DIR)`);
  fs.mkdirSync(dir, { recursive: true });
  const createdAt = (opts.now ?? (() => new Date()))().toISOString();

  let copied;
  try {
    copied =
      source.kind === 'sqlite'
        ? await copySqlite(source.file, path.join(dir, SQLITE_COPY), report, opts.pagesPerStep ?? PAGES_PER_STEP)
        : await dumpPostgres(source, path.join(dir, POSTGRES_COPY), report);
  } catch (err) {
    // A half-written copy must not pass for a backup.
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const { facts } = copied;
  const totalRows = Object.values(facts.rows).reduce((a, b) => a + b, 0);
  const storedBytes = facts.storedFiles.reduce((a, f) => a + f.bytes, 0);
  report(
    `backup 2/4 snapshot: ${count(Object.keys(facts.rows).length)} tables, ${count(totalRows)} rows; ` +
      `${count(facts.storedFiles.length)} stored files, ${formatBytes(storedBytes)}`,
  );

  const sums: BackupFileSum[] = [];
  for (const name of fs.readdirSync(dir).sort()) {
    const sum = await sha256Of(path.join(dir, name));
    report(`backup 3/4 checksums: ${name} ${formatBytes(sum.bytes)} sha256 ${sum.sha256.slice(0, 16)}…`);
    sums.push(sum);
  }

  const manifest: BackupManifest = {
    format: MANIFEST_FORMAT,
    version: serverVersion(),
    createdAt,
    database: { kind: source.kind, schema: copied.schema },
    migrations: { count: facts.migrations.length, head: facts.migrations.at(-1) ?? '', names: facts.migrations },
    rows: facts.rows,
    storedFiles: { count: facts.storedFiles.length, bytes: storedBytes, files: facts.storedFiles },
    sealingKey: { included: false, keyIds: facts.keyIds },
    files: sums,
  };
  const manifestFile = path.join(dir, MANIFEST_FILE);
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  report(`backup 4/4 manifest: ${manifestFile}`);
  return { dir, manifest, ms: Math.round(performance.now() - started) };
}

/**
 * SQLite's online backup, from a connection of its own: the server keeps writing meanwhile. A
 * write between two steps makes SQLite start the copy again; the rest is then copied in one step,
 * which holds a read snapshot (the server's writes go on in the write-ahead log) and so ends.
 */
async function copySqlite(file: string, target: string, report: Report, pagesPerStep: number) {
  const source = new SqliteDatabase(file, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    let previous = Number.POSITIVE_INFINITY;
    let restarted = false;
    await source.backup(target, {
      progress: ({ totalPages, remainingPages }) => {
        if (remainingPages >= previous && !restarted) {
          restarted = true;
          report('backup 1/4 database: written to meanwhile; copying the rest in one step');
        }
        previous = remainingPages;
        const done = totalPages - remainingPages;
        report(`backup 1/4 database: ${count(done)}/${count(totalPages)} pages (${Math.floor((100 * done) / totalPages)}%)`);
        return restarted ? 0x7fffffff : pagesPerStep;
      },
    });
  } finally {
    source.close();
  }
  // The copy is read on its own, without the write-ahead log files a WAL database keeps beside it.
  const copy = new SqliteDatabase(target);
  try {
    copy.pragma('journal_mode = DELETE');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) });
    const facts = await snapshotFacts(db, 'sqlite');
    report(`backup 1/4 database: ${formatBytes(fs.statSync(target).size)} copied`);
    return { facts, schema: null };
  } finally {
    copy.close();
  }
}

/**
 * pg_dump of the installation's schema in the custom format, from a snapshot exported by a
 * repeatable-read transaction that stays open until the dump ends: the counts and stored files'
 * checksums are read in that same transaction, so they describe exactly what was dumped.
 */
async function dumpPostgres(source: { url: string; schema?: string }, target: string, report: Report) {
  const database = openDatabase({ databaseUrl: source.url, searchPath: source.schema, poolSize: 1, prepare: false });
  try {
    return await database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const { rows } = await sql<{
          snapshot: string;
          schema: string;
        }>`select pg_export_snapshot() as snapshot, current_schema() as schema`.execute(trx);
        const { snapshot, schema } = rows[0]!;
        if (!IDENTIFIER.test(schema)) throw new BackupError(`the schema name ${JSON.stringify(schema)} is not a plain identifier`);
        const { dbname, env } = toolConnection(source.url);
        const progress = byteProgress((done) => report(`backup 1/4 database: ${formatBytes(done)} written by pg_dump`));
        let written = 0;
        const out = fs.createWriteStream(target);
        const counting = new Writable({
          write(chunk: Buffer, _encoding, done) {
            written += chunk.length;
            progress(written);
            out.write(chunk, done);
          },
          final(done) {
            out.end(done);
          },
        });
        report(`backup 1/4 database: pg_dump of schema ${schema}`);
        const dumped = runTool(
          'pg_dump',
          ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--schema="${schema}"`, `--dbname=${dbname}`],
          { env, stdout: counting },
        );
        const [facts] = await Promise.all([snapshotFacts(trx, 'postgres'), dumped]);
        report(`backup 1/4 database: ${formatBytes(written)} written by pg_dump`);
        return { facts, schema };
      });
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Restore

export interface RestoreOutcome {
  manifest: BackupManifest;
  ms: number;
  tables: number;
  rowsChecked: number;
  storedFilesChecked: number;
}

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new BackupError(`${dir} holds no ${MANIFEST_FILE}: not a backup folder`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new BackupError(`${file}: format ${manifest.format} is not one this version restores`);
  return manifest;
}

/**
 * Restores the backup in `dir` into an empty installation: checks every file against the
 * manifest first, refuses a target that holds data unless `overwrite`, loads the copy, and checks
 * the restored database against the manifest (migrations, rows of every table, stored files).
 * The servers of the target installation must be stopped.
 */
export async function restoreBackup(opts: {
  dir: string;
  target: RestoreTarget;
  overwrite?: boolean;
  report: Report;
}): Promise<RestoreOutcome> {
  const started = performance.now();
  const { dir, target, report } = opts;
  const manifest = readManifest(dir);
  if (manifest.database.kind !== target.kind)
    throw new BackupError(`the backup is of a ${manifest.database.kind} database; this installation uses ${target.kind}`);

  for (const expected of manifest.files) {
    const file = path.join(dir, expected.name);
    if (!fs.existsSync(file)) throw new BackupError(`${expected.name} is missing from the backup`);
    const progress = byteProgress(
      (done) => report(`restore 1/4 checksums: ${expected.name} ${formatBytes(done)} of ${formatBytes(expected.bytes)}`),
      expected.bytes,
    );
    const sum = await sha256Of(file, progress);
    if (sum.sha256 !== expected.sha256 || sum.bytes !== expected.bytes)
      throw new BackupError(`${expected.name}: its SHA-256 differs from the manifest's; the backup is damaged, nothing was restored`);
    report(`restore 1/4 checksums: ${expected.name} ${formatBytes(sum.bytes)} matches the manifest`);
  }

  if (target.kind === 'sqlite') await loadSqlite(manifest, dir, target.file, opts.overwrite ?? false, report);
  else await loadPostgres(manifest, dir, target.url, opts.overwrite ?? false, report);

  const database =
    target.kind === 'sqlite'
      ? openDatabase({ sqliteFile: target.file })
      : openDatabase({ databaseUrl: target.url, searchPath: manifest.database.schema!, poolSize: 1, prepare: false });
  try {
    const facts = await snapshotFacts(database.db, target.kind);
    const problems = differences(manifest, facts);
    if (problems.length > 0) throw new BackupError(`the restored database differs from the manifest:\n  ${problems.join('\n  ')}`);
    const rowsChecked = Object.values(facts.rows).reduce((a, b) => a + b, 0);
    report(
      `restore 4/4 check: ${count(facts.migrations.length)} migrations, ${count(Object.keys(facts.rows).length)} tables with ` +
        `${count(rowsChecked)} rows and ${count(facts.storedFiles.length)} stored files as the manifest says`,
    );
    return {
      manifest,
      ms: Math.round(performance.now() - started),
      tables: Object.keys(facts.rows).length,
      rowsChecked,
      storedFilesChecked: facts.storedFiles.length,
    };
  } finally {
    await database.close();
  }
}

/** Where the restored facts differ from the manifest's, one line each. */
function differences(manifest: BackupManifest, facts: SnapshotFacts): string[] {
  const problems: string[] = [];
  if (facts.migrations.join('\n') !== manifest.migrations.names.join('\n')) problems.push('the applied migrations differ');
  for (const [table, rows] of Object.entries(manifest.rows)) {
    if (facts.rows[table] !== rows) problems.push(`${table}: ${facts.rows[table] ?? 'no table'} rows, the manifest says ${rows}`);
  }
  for (const table of Object.keys(facts.rows)) if (!(table in manifest.rows)) problems.push(`${table}: a table the manifest does not name`);
  const stored = new Map(facts.storedFiles.map((f) => [f.id, f]));
  for (const file of manifest.storedFiles.files) {
    const restored = stored.get(file.id);
    if (!restored) problems.push(`stored file ${file.id} is missing`);
    else if (restored.sha256 !== file.sha256) problems.push(`stored file ${file.id}: its SHA-256 differs`);
  }
  if (facts.storedFiles.length !== manifest.storedFiles.count)
    problems.push(`${facts.storedFiles.length} stored files, the manifest says ${manifest.storedFiles.count}`);
  return problems;
}

const refusal = (what: string) =>
  new BackupError(`${what} already holds data: restore goes into an empty installation (--overwrite replaces what it holds)`);

async function loadSqlite(manifest: BackupManifest, dir: string, file: string, overwrite: boolean, report: Report): Promise<void> {
  if (fs.existsSync(file)) {
    const existing = new SqliteDatabase(file, { fileMustExist: true });
    const tables = (existing.prepare(`select count(*) as n from sqlite_master where type = 'table'`).get() as { n: number }).n;
    existing.close();
    if (tables > 0 && !overwrite) throw refusal(file);
    report(`restore 2/4 target: ${file} ${tables > 0 ? `holds ${tables} tables, replaced (--overwrite)` : 'is empty'}`);
  } else {
    report(`restore 2/4 target: ${file} (new)`);
  }
  const copy = manifest.files.find((f) => f.name === SQLITE_COPY);
  if (!copy) throw new BackupError(`the manifest names no ${SQLITE_COPY}`);
  // Copied beside the target first and checked again, then moved into place in one rename.
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const incoming = `${file}.restoring`;
  const progress = byteProgress((done) => report(`restore 3/4 database: ${formatBytes(done)} of ${formatBytes(copy.bytes)}`), copy.bytes);
  const hash = createHash('sha256');
  const out = fs.createWriteStream(incoming);
  let bytes = 0;
  await pipeline(
    fs.createReadStream(path.join(dir, SQLITE_COPY)),
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        progress(bytes);
        out.write(chunk, done);
      },
      final(done) {
        out.end(done);
      },
    }),
  );
  if (hash.digest('hex') !== copy.sha256) {
    fs.rmSync(incoming, { force: true });
    throw new BackupError(`${SQLITE_COPY} changed while it was being restored; nothing was replaced`);
  }
  for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  fs.renameSync(incoming, file);
  report(`restore 3/4 database: ${formatBytes(bytes)} in place at ${file}`);
}

async function loadPostgres(manifest: BackupManifest, dir: string, url: string, overwrite: boolean, report: Report): Promise<void> {
  const schema = manifest.database.schema ?? '';
  if (!IDENTIFIER.test(schema)) throw new BackupError(`the manifest's schema ${JSON.stringify(schema)} is not a plain identifier`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string; exists: boolean }>(
      `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')) as n,
              exists (select 1 from pg_namespace where nspname = $1) as exists`,
      [schema],
    );
    const relations = Number(rows[0]!.n);
    const where = `schema ${schema} of ${url.replace(/\/\/[^@/]*@/, '//')}`;
    if (relations > 0 && !overwrite) throw refusal(where);
    if (relations > 0) await client.query(`drop schema "${schema}" cascade`);
    if (relations > 0 || !rows[0]!.exists) await client.query(`create schema "${schema}"`);
    report(`restore 2/4 target: ${where} ${relations > 0 ? `held ${relations} relations, replaced (--overwrite)` : 'is empty'}`);
  } finally {
    await client.end();
  }
  // The schema exists now (an empty installation's public schema, or made above): the dump's own
  // statements creating and describing it are left out.
  const dump = path.join(dir, POSTGRES_COPY);
  const { dbname, env } = toolConnection(url);
  const contents = await runTool('pg_restore', ['--list', dump], { env });
  const own = new RegExp(`^\\d+; \\d+ \\d+ (SCHEMA - |COMMENT - SCHEMA )${schema} `);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'));
  const list = path.join(scratch, 'list');
  fs.writeFileSync(
    list,
    contents
      .split('\n')
      .filter((line) => !own.test(line))
      .join('\n'),
  );
  const tables = Object.keys(manifest.rows).length;
  let loaded = 0;
  try {
    await runTool(
      'pg_restore',
      [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        '--verbose',
        `--use-list=${list}`,
        `--dbname=${dbname}`,
        dump,
      ],
      {
        env,
        onLine: (line) => {
          const table = /processing data for table "[^"]+\.([^"]+)"/.exec(line)?.[1];
          if (table) report(`restore 3/4 database: table ${table} (${++loaded}/${tables})`);
        },
      },
    );
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  report(`restore 3/4 database: ${loaded} tables loaded, indexes and constraints built, in one transaction`);
}
