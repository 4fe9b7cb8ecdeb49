import path from 'node:path';
import { openDatabase } from './db/database';
import { resealTenderRows, verifyTenderChains } from './modules/tender-trade';
import { addKeyToFile, createSealer, dropOldKeysFromFile, sealKeyFile, sealKeySource } from './platform/sealing';
import { loadSettings } from './settings';

/**
 * The tender commands, on the database the server is configured for (DATABASE_URL, else the
 * SQLite file under DATA_DIR):
 *
 *   npm run tender:check-chain   verifies every tender's record chain and every sealed bid
 *                                against its receipt; exits 1 on a problem. It only reads.
 *   npm run tender:rotate-key    with the key file: adds a new key and makes it current, re-seals
 *                                every unopened bid and answer under it, then drops the old keys.
 *                                With TENDER_SEAL_KEY: set the new key there and the old one in
 *                                TENDER_SEAL_OLD_KEYS first; the command re-seals under the new key,
 *                                after which TENDER_SEAL_OLD_KEYS may be emptied.
 */
async function main(): Promise<void> {
  const command = process.argv[2];
  const settings = loadSettings();
  const database = openDatabase({
    databaseUrl: settings.DATABASE_URL || undefined,
    sqliteFile: path.resolve(settings.DATA_DIR, 'portal.sqlite'),
    poolSize: 1,
  });
  try {
    if (command === 'check-chain') {
      const report = await verifyTenderChains(database.db, createSealer(sealKeySource(settings)));
      process.stdout.write(`opened tenders: ${report.tenders}, chain records: ${report.records}\n`);
      if (report.ok) process.stdout.write('ok: every chain links up and every bid matches its receipt\n');
      for (const problem of report.problems) process.stdout.write(`problem: ${problem}\n`);
      if (!report.ok) process.exitCode = 1;
    } else if (command === 'rotate-key') {
      const file = settings.TENDER_SEAL_KEY ? null : sealKeyFile(settings);
      if (file) process.stdout.write(`new key ${addKeyToFile(file)} in ${file}\n`);
      const moved = await resealTenderRows(database.db, createSealer(sealKeySource(settings)));
      process.stdout.write(`re-sealed ${moved.bids} bids and ${moved.answers} answers\n`);
      if (file) process.stdout.write(`dropped old keys: ${dropOldKeysFromFile(file).join(', ') || 'none'}\n`);
    } else {
      process.stderr.write('usage: tender-commands check-chain | rotate-key\n');
      process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`The tender command failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
});
