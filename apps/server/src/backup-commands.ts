import fs from 'node:fs';
import path from 'node:path';
import { BackupError, createBackup, formatBytes, restoreBackup, type BackupSource, type RestoreTarget } from './db/backup';
import { openDatabase } from './db/database';
import { checkIntegrity } from './integrity';
import { createSealer, readOrCreateKeyFile, sealKeyFile, sealKeySource } from './platform/sealing';
import { loadSettings, type Settings } from './settings';

/**
 * The backup commands, on the installation the settings describe (DATABASE_URL, else the SQLite
 * file under DATA_DIR):
 *
 *   npm run backup [-- <folder>]                    a backup in <folder>/portal-backup-<time>/
 *                                                   (default ./backups), taken while the platform serves
 *   npm run restore -- <backup folder> [--overwrite]  into an empty installation whose servers are
 *                                                   stopped; --overwrite replaces what it holds
 *
 * Both print their progress. Exit codes: 0 done, 1 refused or a check failed, 2 could not run.
 */
const say = (line: string) => process.stdout.write(`${line}\n`);

function sqliteFile(settings: Settings): string {
  return path.resolve(settings.DATA_DIR, 'portal.sqlite');
}

/** Where the tender sealing keys come from, in words. */
function keyPlace(settings: Settings): string {
  return settings.TENDER_SEAL_KEY ? 'the TENDER_SEAL_KEY setting (with TENDER_SEAL_OLD_KEYS)' : `the key file ${sealKeyFile(settings)}`;
}

async function backup(settings: Settings, args: string[]): Promise<void> {
  const parent = path.resolve(args[0] ?? 'backups');
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const dir = path.join(parent, `portal-backup-${stamp}`);
  const source: BackupSource = settings.DATABASE_URL
    ? { kind: 'postgres', url: settings.DATABASE_URL }
    : { kind: 'sqlite', file: sqliteFile(settings) };
  const { manifest, ms } = await createBackup({ source, dir, report: say });
  const bytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
  say(`backup written to ${dir}: ${formatBytes(bytes)} in ${(ms / 1000).toFixed(1)} s`);
  say('');
  say(`NOT in the backup: the tender sealing key. It is in ${keyPlace(settings)}.`);
  say('Keep a copy of it apart from the backups (not beside them): without it the sealed bids of tenders not');
  say('yet opened cannot be read, and a restored installation cannot open them.');
  if (manifest.sealingKey.keyIds.length > 0)
    say(`The sealed rows of this backup need the key ids: ${manifest.sealingKey.keyIds.join(', ')}`);
}

/** The key ids this installation's settings can open with, without making a key file that is not there. */
function configuredKeyIds(settings: Settings): string[] {
  if (settings.TENDER_SEAL_KEY) return [...sealKeySource(settings)().keys.keys()];
  const file = sealKeyFile(settings);
  return fs.existsSync(file) ? [...readOrCreateKeyFile(file).keys.keys()] : [];
}

async function restore(settings: Settings, args: string[]): Promise<void> {
  const dir = args.find((a) => !a.startsWith('--'));
  if (!dir) throw new UsageError('restore needs the backup folder: npm run restore -- <backup folder> [--overwrite]');
  const unknown = args.filter((a) => a.startsWith('--') && a !== '--overwrite');
  if (unknown.length > 0) throw new UsageError(`unknown option ${unknown.join(', ')} (only --overwrite)`);
  const target: RestoreTarget = settings.DATABASE_URL
    ? { kind: 'postgres', url: settings.DATABASE_URL }
    : { kind: 'sqlite', file: sqliteFile(settings) };
  const outcome = await restoreBackup({ dir: path.resolve(dir), target, overwrite: args.includes('--overwrite'), report: say });
  say(
    `restored in ${(outcome.ms / 1000).toFixed(1)} s: ${outcome.tables} tables, ${outcome.rowsChecked.toLocaleString('en-US')} rows ` +
      `and ${outcome.storedFilesChecked} stored files checked against the manifest`,
  );

  const needed = outcome.manifest.sealingKey.keyIds;
  const available = new Set(configuredKeyIds(settings));
  const missing = needed.filter((id) => !available.has(id));
  const database =
    target.kind === 'sqlite'
      ? openDatabase({ sqliteFile: target.file })
      : openDatabase({ databaseUrl: target.url, searchPath: outcome.manifest.database.schema!, poolSize: 1, prepare: false });
  try {
    const report = await checkIntegrity(database.db, missing.length === 0 ? createSealer(sealKeySource(settings)) : undefined);
    say(`deposits: ${report.deposits.ok ? 'every account equals its ledger' : 'DIFFER from their ledgers'}`);
    say(
      `auctions: ${report.auctions.spaces} spaces with ${report.auctions.bids} bids, ${report.auctions.broken.length ? 'BROKEN chains' : 'every chain links up'}`,
    );
    say(
      `tenders: ${report.tenders.tenders} opened, ${report.tenders.records} chain records${missing.length === 0 ? ', sealed bids open' : ''}: ` +
        `${report.tenders.ok ? 'ok' : 'PROBLEMS'}`,
    );
    say(
      `contracts: ${report.contracts.contracts} audit trails with ${report.contracts.events} events: ` +
        `${report.contracts.broken.length ? 'BROKEN trails' : 'every trail links up'}`,
    );
    const problems = [...report.deposits.problems, ...report.auctions.broken, ...report.tenders.problems, ...report.contracts.broken];
    for (const problem of problems) say(`problem: ${problem}`);
    if (!report.ok) process.exitCode = 1;
  } finally {
    await database.close();
  }
  if (missing.length > 0) {
    say('');
    say(`The sealed tender rows need the key ids ${missing.join(', ')}, which ${keyPlace(settings)} does not hold.`);
    say('Put the kept key there before starting a server: a server started without a key file makes a new key,');
    say('and the sealed bids stay unreadable.');
    process.exitCode = 1;
  }
}

class UsageError extends Error {}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const settings = loadSettings();
  if (command === 'backup') await backup(settings, args);
  else if (command === 'restore') await restore(settings, args);
  else throw new UsageError('usage: backup-commands backup [folder] | restore <backup folder> [--overwrite]');
}

main().catch((err: unknown) => {
  if (err instanceof BackupError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  process.stderr.write(
    `${err instanceof UsageError ? '' : 'The backup command failed to run: '}${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(2);
});
