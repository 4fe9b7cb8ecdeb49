import { randomBytes } from 'node:crypto';
import { openDatabase } from '../db/database';
import { loadDemoData } from '../demo/index';
import { migrateToLatest } from '../migrations';
import { STALE_MS, admin, withDatabase, type TemplateKind } from './pg-template';

/**
 * Makes a test run's two template databases on TEST_DATABASE_URL (migrated; migrated with the demo
 * data) and prints their names as JSON. It runs as a process of its own, started by the server
 * suite's global set-up: the whole server is loaded here as Node loads it, not through the test
 * runner's module loader. Templates older than a run can last are a killed run's and are dropped.
 */
async function prepareTemplates(pgUrl: string): Promise<Record<TemplateKind, string>> {
  const run = `tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const names: Record<TemplateKind, string> = { bare: `${run}_bare`, demo: `${run}_demo` };
  await admin(pgUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'tpl\\_%'`);
    for (const { datname } of rows) {
      const born = parseInt(datname.split('_')[1] ?? '', 36);
      if (Number.isFinite(born) && Date.now() - born > STALE_MS) await client.query(`drop database if exists ${datname} with (force)`);
    }
    for (const name of Object.values(names)) await client.query(`create database ${name}`);
  });
  for (const kind of ['bare', 'demo'] as const) {
    const database = openDatabase({ databaseUrl: withDatabase(pgUrl, names[kind]), poolSize: 2 });
    try {
      await migrateToLatest(database.db, database.dialect);
      if (kind === 'demo') await loadDemoData(database.db);
    } finally {
      await database.close();
    }
  }
  return names;
}

const pgUrl = process.env.TEST_DATABASE_URL;
if (!pgUrl) throw new Error('TEST_DATABASE_URL is not set');
process.stdout.write(`${JSON.stringify(await prepareTemplates(pgUrl))}\n`);
