import type { Db } from '../../db/database';

export interface InvariantReport {
  ok: boolean;
  problems: string[];
}

/** What an entry of a kind must have done to balance and frozen; null for a kind that does not exist. */
function expectedChange(kind: string, amount: number, balanceChange: number): { balance: number; frozen: number } | null {
  switch (kind) {
    case 'credit':
      return { balance: amount, frozen: 0 };
    case 'debit':
      return { balance: -amount, frozen: 0 };
    case 'freeze':
      return { balance: 0, frozen: amount };
    case 'release':
      return { balance: 0, frozen: -amount };
    case 'forfeit':
      // Recorded on both sides: the payer loses frozen money, the receiver gains balance.
      return balanceChange < 0 ? { balance: -amount, frozen: -amount } : { balance: amount, frozen: 0 };
    default:
      return null;
  }
}

/** Entries read per round trip while walking the ledger. */
const BATCH = 5000;

/**
 * Checks that the deposit accounts are exactly what their ledgers say: for every account, balance
 * and frozen equal the sums of its entries' changes, each entry's "after" values follow from the
 * one before it, each entry moved what its kind says, frozen and available are never negative, and
 * every forfeit paid out was received by another company with the same reference and amount.
 */
export async function checkInvariant(db: Db): Promise<InvariantReport> {
  const problems: string[] = [];
  const accounts = await db
    .selectFrom('deposit_accounts')
    .select(['id', 'company_id', 'currency', 'balance', 'frozen'])
    .orderBy('id')
    .execute();
  const walked = new Map<number, { balance: number; frozen: number; entries: number }>();
  for (const a of accounts) walked.set(a.id, { balance: 0, frozen: 0, entries: 0 });
  const forfeits = new Map<string, number>();

  let lastId = 0;
  for (;;) {
    const entries = await db
      .selectFrom('deposit_entries')
      .select(['id', 'account_id', 'kind', 'amount', 'balance_change', 'frozen_change', 'balance_after', 'frozen_after', 'reference'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const e of entries) {
      const amount = Number(e.amount);
      const balanceChange = Number(e.balance_change);
      const frozenChange = Number(e.frozen_change);
      const state = walked.get(e.account_id);
      if (!state) {
        problems.push(`entry ${e.id}: account ${e.account_id} does not exist`);
        continue;
      }
      const expected = expectedChange(e.kind, amount, balanceChange);
      if (!(amount > 0)) problems.push(`entry ${e.id}: amount ${amount} is not positive`);
      if (!expected) problems.push(`entry ${e.id}: unknown kind ${e.kind}`);
      else if (expected.balance !== balanceChange || expected.frozen !== frozenChange) {
        problems.push(`entry ${e.id}: a ${e.kind} of ${amount} changed balance by ${balanceChange} and frozen by ${frozenChange}`);
      }
      state.balance += balanceChange;
      state.frozen += frozenChange;
      state.entries += 1;
      if (state.balance !== Number(e.balance_after) || state.frozen !== Number(e.frozen_after)) {
        problems.push(
          `entry ${e.id}: says balance ${e.balance_after} and frozen ${e.frozen_after} after it, the entries before it give ${state.balance} and ${state.frozen}`,
        );
        // Continue from what the entry says, so one bad entry is reported once.
        state.balance = Number(e.balance_after);
        state.frozen = Number(e.frozen_after);
      }
      if (state.frozen < 0 || state.balance - state.frozen < 0) {
        problems.push(`entry ${e.id}: leaves frozen ${state.frozen} and available ${state.balance - state.frozen}`);
      }
      if (e.kind === 'forfeit') {
        const currency = accounts.find((a) => a.id === e.account_id)?.currency ?? '';
        const key = `${e.reference}|${currency}|${amount}`;
        forfeits.set(key, (forfeits.get(key) ?? 0) + (balanceChange < 0 ? 1 : -1));
      }
    }
    if (entries.length < BATCH) break;
    lastId = entries[entries.length - 1]!.id;
  }

  for (const a of accounts) {
    const sums = walked.get(a.id)!;
    const balance = Number(a.balance);
    const frozen = Number(a.frozen);
    if (balance !== sums.balance || frozen !== sums.frozen) {
      problems.push(
        `account ${a.id} (company ${a.company_id}, ${a.currency}): balance ${balance} and frozen ${frozen}, its ${sums.entries} entries sum to ${sums.balance} and ${sums.frozen}`,
      );
    }
    if (frozen < 0 || balance - frozen < 0) {
      problems.push(`account ${a.id} (company ${a.company_id}, ${a.currency}): frozen ${frozen}, available ${balance - frozen}`);
    }
  }
  for (const [key, unmatched] of forfeits) {
    if (unmatched !== 0) problems.push(`forfeit ${key}: paid out and received ${unmatched > 0 ? 'more' : 'less'} often (${unmatched})`);
  }
  return { ok: problems.length === 0, problems };
}
