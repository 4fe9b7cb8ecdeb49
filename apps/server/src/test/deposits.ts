import { expect } from 'vitest';
import type { DbHandle } from '../db/database';
import { checkInvariant } from '../modules/deposits';

/**
 * Fails the test unless every deposit account equals what its ledger says (balance and frozen are
 * the sums of the entries, available never negative). Call it at the end of every scenario that
 * moves money, so a rule that updated an account without its entry (or the reverse) is caught.
 */
export async function expectDepositsConsistent(database: DbHandle): Promise<void> {
  const report = await checkInvariant(database.db);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}
