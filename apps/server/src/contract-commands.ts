import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from './db/database';
import { contractKeyring, createContractKeys, verifyContractPdf, type VerificationReport } from './modules/contracts/signing';
import { loadSettings } from './settings';

/**
 * The contract commands, on the database the server is configured for (DATABASE_URL, else the
 * SQLite file under DATA_DIR), which holds the platform CA's certificate:
 *
 *   npm run contract:verify FILE   checks every signature of a signed contract PDF: its content
 *                                  against the bytes it covers, its certificate against the
 *                                  platform's CA, the seal's timestamp, and that nothing was
 *                                  added after the last signature. Exits 1 when any signature is
 *                                  invalid or the file was changed. It only reads.
 */

function inWords(file: string, report: VerificationReport): string[] {
  const lines = [`file: ${file}`, `SHA-256: ${report.sha256}`, `signatures: ${report.signatures.length}`];
  report.signatures.forEach((s, i) => {
    const who =
      s.role === 'platform-seal' ? `the platform's seal (${s.signer})` : `${s.signer} for ${s.organisation || 'an unknown company'}`;
    lines.push(`${i + 1}. ${s.valid ? 'valid' : 'NOT VALID'}: signed by ${who} at ${s.signedAt || 'an unknown time'}`);
    if (s.timestamp) lines.push(`   timestamped by the platform at ${s.timestamp}`);
    lines.push(`   certificate ${s.certificateIssuedByPlatform ? 'issued by the platform' : 'NOT issued by the platform'}`);
    lines.push(
      `   ${s.coversWholeDocument ? 'covers the whole file' : 'covers the file as it was when signed; later additions follow it'}`,
    );
  });
  lines.push(
    report.unchangedSinceLastSignature
      ? 'nothing was changed or added after the last signature'
      : 'the file was CHANGED after its last signature',
  );
  for (const problem of report.problems) lines.push(`problem: ${problem}`);
  return lines;
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if (command !== 'verify' || !file) {
    process.stderr.write('usage: contract-commands verify FILE\n');
    process.exitCode = 2;
    return;
  }
  const settings = loadSettings();
  const pdf = fs.readFileSync(path.resolve(file));
  const database = openDatabase({
    databaseUrl: settings.DATABASE_URL || undefined,
    sqliteFile: path.resolve(settings.DATA_DIR, 'portal.sqlite'),
    poolSize: 1,
  });
  try {
    // Verifying reads certificates only: the contract key is never opened.
    const keys = createContractKeys({ db: database.db, keyring: contractKeyring(settings), now: () => new Date() });
    const report = await verifyContractPdf(keys, pdf);
    process.stdout.write(`${inWords(file, report).join('\n')}\n`);
    const allValid = report.signatures.length > 0 && report.signatures.every((s) => s.valid);
    process.stdout.write(allValid && report.problems.length === 0 ? 'ok: the contract is intact\n' : 'FAILED: see the problems above\n');
    if (!allValid || report.problems.length > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`The contract command failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(2);
});
