import path from 'node:path';
import { openDatabase } from './db/database';
import { verifyChain } from './modules/auction-trade';
import { loadSettings } from './settings';

/**
 * `npm run verify:auction -- <spaceId> [...]`: recomputes the bid chain of each space (every
 * space with bids when none is named) on the configured database and prints its last digest or
 * the first broken link. Exits 1 when a chain is broken. It only reads.
 */
async function main(): Promise<void> {
  const settings = loadSettings();
  const database = openDatabase({
    databaseUrl: settings.DATABASE_URL || undefined,
    sqliteFile: path.resolve(settings.DATA_DIR, 'portal.sqlite'),
    poolSize: 1,
  });
  try {
    const named = process.argv
      .slice(2)
      .filter((a) => /^\d+$/.test(a))
      .map(Number);
    const ids =
      named.length > 0
        ? named
        : (await database.db.selectFrom('auction_spaces').select('id').where('last_seq', '>', 0).orderBy('id').execute()).map((r) => r.id);
    for (const id of ids) {
      const report = await verifyChain(database.db, id);
      if (report.ok) {
        process.stdout.write(`space ${id}: ok, ${report.bids} bids, last digest ${report.digest}\n`);
      } else {
        process.stdout.write(`space ${id}: BROKEN at seq ${report.broken!.seq}: ${report.broken!.reason}\n`);
        process.exitCode = 1;
      }
    }
    if (ids.length === 0) process.stdout.write('no auction space has bids\n');
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`Auction verification failed to run: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
});
