import type { Db } from './database';
import { verifyPassword } from '../platform/passwords';
import { DEMO_ACCOUNTS } from './demo-accounts';

/**
 * Whether a stored hash is of the account's published password. A hash decides it once and for
 * all (a password change makes a new hash), so each one is checked with scrypt only once per process.
 */
const verdicts = new Map<string, Promise<boolean>>();

function isPublished(hash: string, password: string): Promise<boolean> {
  const key = `${password}\n${hash}`;
  let verdict = verdicts.get(key);
  if (!verdict) {
    verdict = verifyPassword(password, hash).catch(() => false);
    verdicts.set(key, verdict);
  }
  return verdict;
}

/**
 * The demo accounts that still sign in with the password the README publishes: while there is
 * one, anybody who read the README can sign in here. Empty on an installation without demo data.
 */
export async function accountsOnPublishedPasswords(db: Db): Promise<string[]> {
  const published = new Map<string, string>(DEMO_ACCOUNTS.map((a) => [a.account, a.password]));
  const rows = await db
    .selectFrom('users')
    .select(['account', 'password_hash'])
    .where('account', 'in', [...published.keys()])
    .where('status', '=', 1)
    .execute();
  const checked = await Promise.all(
    rows.map(async (r) => ((await isPublished(r.password_hash, published.get(r.account)!)) ? r.account : '')),
  );
  return checked.filter((account) => account !== '').sort();
}
