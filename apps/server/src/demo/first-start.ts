import { randomInt } from 'node:crypto';
import type { Db } from '../db/database';
import { createInitialAdmin, isEmpty, loadDemoData } from './index';
import { accountsOnPublishedPasswords } from '../db/published-passwords';

/** Where the start-up tells what it did: the log, and the console for a password shown once. */
export interface StartOutput {
  info(message: string): void;
  warn(message: string): void;
  /** A line on standard output, outside the log. */
  print(line: string): void;
}

const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '@#%+=!?';

/** A random password of 16 characters with all four kinds, so it passes any password rule the settings allow. */
export function generatePassword(): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const all = LOWER + UPPER + DIGITS + SYMBOLS;
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS), ...Array.from({ length: 12 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

/**
 * What an empty database gets at its first start, and the warning every start repeats.
 * - With demo data: the demo accounts with the passwords the README publishes.
 * - Without: only `admin`, with ADMIN_INITIAL_PASSWORD or, when that is empty, a generated
 *   password printed this once (nobody else knows it); either is a default password that must be
 *   changed at the first sign-in. No installation starts with an administrator password it did not choose or see.
 * - While any demo account still has its published password, every start warns about it.
 * Answers whether the demo data was loaded now.
 */
export async function prepareData(
  db: Db,
  opts: { demoData: boolean; adminInitialPassword: string; now?: Date },
  out: StartOutput,
): Promise<{ loadedDemoData: boolean }> {
  let loadedDemoData = false;
  if (await isEmpty(db)) {
    if (opts.demoData) {
      out.info('empty database: loading demo data');
      await loadDemoData(db, opts.now);
      loadedDemoData = true;
    } else if (opts.adminInitialPassword) {
      out.info('empty database: creating the admin account with ADMIN_INITIAL_PASSWORD (to be changed at first sign-in)');
      await createInitialAdmin(db, opts.adminInitialPassword, opts.now);
    } else {
      const password = generatePassword();
      await createInitialAdmin(db, password, opts.now);
      out.warn('empty database: created the admin account with a generated password, printed once on standard output');
      out.print(`Initial password of the admin account (shown only now; to be changed at first sign-in): ${password}`);
    }
  }
  const published = await accountsOnPublishedPasswords(db);
  if (published.length > 0) {
    out.warn(
      `demo data: ${published.join(', ')} sign in with the passwords the README publishes; ` +
        'change them, or start from an empty database with DEMO_DATA=off, before anyone else can reach this server',
    );
  }
  return { loadedDemoData };
}
