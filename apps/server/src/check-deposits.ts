import path from 'node:path';
import { openDatabase } from './db/database';
import { checkInvariant } from './modules/deposits';
import { loadSettings } from './settings';

/**
 * `npm run check:deposits`: checks the database the server is configured for (DATABASE_URL, else
 * the SQLite file under DATA_DIR) and prints whether every deposit account equals its ledger.
 * Exits 1 when it does not, so it can guard a deployment or a nightly job. It only reads.
 */
async function main(): Promise<void> {
  const settings = loadSettings();
  const database = openDatabase({
    databaseUrl: settings.DATABASE_URL || undefined,
    sqliteFile: path.resolve(settings.DATA_DIR, 'portal.sqlite'),
    poolSize: 1,
  });
  try {
    const accounts = await database.db
      .selectFrom('deposit_accounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const entries = await database.db
      .selectFrom('deposit_entries')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const report = await checkInvariant(database.db);
    process.stdout.write(`deposit accounts: ${String(accounts.n)}, ledger entries: ${String(entries.n)}\n`);
    if (report.ok) {
      process.stdout.write('ok: every balance and frozen amount equals its ledger, nothing available is negative\n');
    } else {
      for (const problem of report.problems) process.stdout.write(`problem: ${problem}\n`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Deposit check failed to run: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
});
