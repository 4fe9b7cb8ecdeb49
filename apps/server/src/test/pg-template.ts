import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * PostgreSQL test databases copied from templates. Migrating a fresh schema and loading the demo
 * data takes about a second per test app; `create database … template` copies a prepared one in
 * tens of milliseconds. The server suite's global set-up makes two templates per run (migrated, and
 * migrated with the demo data) and names them in TEMPLATES_ENV; each test app then gets a database
 * of its own, so tests on two workers never share a schema, a lock table or a search path.
 */
export const TEMPLATES_ENV = 'PORTAL_TEST_PG_TEMPLATES';

export type TemplateKind = 'demo' | 'bare';

/** A template is a run's for this long; older ones are a killed run's and are dropped. */
export const STALE_MS = 6 * 3_600_000;

export function withDatabase(url: string, name: string): string {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

export async function admin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database copied from this run's template of `kind`, or null outside a run that made
 * templates (a single file run by hand still works: the caller migrates a schema itself).
 */
export async function cloneTemplate(
  pgUrl: string,
  kind: TemplateKind,
): Promise<{ name: string; url: string; drop: () => Promise<void> } | null> {
  const names = process.env[TEMPLATES_ENV];
  if (!names) return null;
  const template = (JSON.parse(names) as Record<TemplateKind, string>)[kind];
  const name = `t_${randomBytes(6).toString('hex')}`;
  await admin(pgUrl, (client) => client.query(`create database ${name} template ${template}`));
  return {
    name,
    url: withDatabase(pgUrl, name),
    drop: () => admin(pgUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/** Where a test's PostgreSQL data lives, whether it is migrated already, and how to remove it. */
export interface TestPostgres {
  /** The database's address, and the schema to search when it is a schema of TEST_DATABASE_URL. */
  url: string;
  searchPath?: string;
  /** A unique name for Redis prefixes and channels. */
  name: string;
  /** Whether the template's migrations (and demo data, when asked for) are in place already. */
  prepared: boolean;
  drop: () => Promise<void>;
}

/** A copy of this run's template, or a fresh schema of TEST_DATABASE_URL when the run made none. */
export async function postgresForTest(pgUrl: string, kind: TemplateKind): Promise<TestPostgres> {
  const clone = await cloneTemplate(pgUrl, kind);
  if (clone) return { url: clone.url, name: clone.name, prepared: true, drop: clone.drop };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await admin(pgUrl, (client) => client.query(`create schema ${schema}`));
  return {
    url: pgUrl,
    searchPath: schema,
    name: schema,
    prepared: false,
    drop: () => admin(pgUrl, (client) => client.query(`drop schema ${schema} cascade`)).then(() => undefined),
  };
}
