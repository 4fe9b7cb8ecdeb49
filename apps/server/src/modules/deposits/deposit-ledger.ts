import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DepositEntryKind } from '@portal/contracts/deposits';
import { AppError } from '../../platform/errors';
import type { Emit, Trx } from '../../platform/write-path';

/** An amount of one company's deposit in one currency, moved for a reason the ledger keeps. */
export interface DepositMove {
  companyId: number;
  currency: string;
  /** Positive integer cents. */
  amount: number;
  /** What it is for: `order:<orderNo>`, an operator's voucher number ... */
  reference: string;
  /** users.id of the person acting; null for the system (deadlines, demo data). */
  actorUserId?: number | null;
}

/** A frozen amount the payer loses to the receiver (a buyer who let the payment deadline pass). */
export interface ForfeitMove {
  fromCompanyId: number;
  toCompanyId: number;
  currency: string;
  amount: number;
  reference: string;
  actorUserId?: number | null;
}

/** The message the company's users get when its deposit moves (the messages module writes it). */
export interface DepositNotice {
  kind: `deposit.${'credited' | 'debited' | 'frozen' | 'released' | 'forfeited'}`;
  params: Record<string, string | number>;
  link: { route: string; query?: Record<string, string> };
}
export type NotifyCompany = (trx: Trx, companyId: number, draft: DepositNotice, emit: Emit) => Promise<void>;

/** The user-centre page a deposit message opens. */
export const DEPOSIT_ACCOUNT_ROUTE = PAGE_PATHS.deposit;

const NOTICE_KIND: Record<DepositEntryKind, DepositNotice['kind']> = {
  credit: 'deposit.credited',
  debit: 'deposit.debited',
  freeze: 'deposit.frozen',
  release: 'deposit.released',
  forfeit: 'deposit.forfeited',
};

interface AccountState {
  id: number;
  balance: number;
  frozen: number;
}

/** How one kind changes the account, and the condition that must hold before it may. */
interface Rule {
  balance: -1 | 0 | 1;
  frozen: -1 | 0 | 1;
  /** Refusal when the condition fails: not enough available, or not enough frozen. */
  short: 'available' | 'frozen' | null;
}
const RULES: Record<DepositEntryKind | 'forfeitIn', Rule> = {
  credit: { balance: 1, frozen: 0, short: null },
  // Paying out never touches money set aside: available must cover it.
  debit: { balance: -1, frozen: 0, short: 'available' },
  freeze: { balance: 0, frozen: 1, short: 'available' },
  release: { balance: 0, frozen: -1, short: 'frozen' },
  // The payer loses frozen money: it leaves both frozen and balance.
  forfeit: { balance: -1, frozen: -1, short: 'frozen' },
  forfeitIn: { balance: 1, frozen: 0, short: null },
};

/**
 * The deposit ledger: every change of an account is one conditional update of its row and one
 * ledger entry, in the caller's transaction. The update carries the condition (enough available,
 * enough frozen), so two transactions racing for the same money cannot both pass: on PostgreSQL
 * the second waits for the row and re-checks, on SQLite transactions run one at a time.
 */
export function createDepositLedger(deps: { now: () => Date; notifyCompany?: NotifyCompany }) {
  const { now } = deps;

  async function openAccount(trx: Trx, companyId: number, currency: string): Promise<number> {
    const found = await trx
      .selectFrom('deposit_accounts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('currency', '=', currency)
      .executeTakeFirst();
    if (found) return found.id;
    const at = now().toISOString();
    await trx
      .insertInto('deposit_accounts')
      .values({ company_id: companyId, currency, balance: 0, frozen: 0, created_at: at, updated_at: at })
      .onConflict((oc) => oc.columns(['company_id', 'currency']).doNothing())
      .execute();
    const opened = await trx
      .selectFrom('deposit_accounts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow();
    return opened.id;
  }

  async function apply(
    trx: Trx,
    kind: DepositEntryKind,
    rule: Rule,
    move: DepositMove & { counterpartyCompanyId?: number },
    emit: Emit,
  ): Promise<AccountState> {
    const { companyId, currency, amount, reference } = move;
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`deposit ${kind}: amount must be positive integer cents`);
    const accountId = await openAccount(trx, companyId, currency);
    const at = now().toISOString();
    let update = trx
      .updateTable('deposit_accounts')
      .set({
        balance: sql<number>`balance + ${rule.balance * amount}`,
        frozen: sql<number>`frozen + ${rule.frozen * amount}`,
        updated_at: at,
      })
      .where('id', '=', accountId);
    if (rule.short === 'available') update = update.where(sql<SqlBool>`balance - frozen >= ${amount}` as Expression<SqlBool>);
    if (rule.short === 'frozen') update = update.where(sql<SqlBool>`frozen >= ${amount}` as Expression<SqlBool>);
    const after = await update.returning(['id', 'balance', 'frozen']).executeTakeFirst();
    if (!after) {
      const now = await trx
        .selectFrom('deposit_accounts')
        .select(['balance', 'frozen'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      const have = rule.short === 'frozen' ? Number(now.frozen) : Number(now.balance) - Number(now.frozen);
      const params = { missing: amount - have, currency };
      throw new AppError(rule.short === 'frozen' ? 'DEPOSIT_FROZEN_SHORT' : 'DEPOSIT_NOT_AVAILABLE', params);
    }
    const state = { id: after.id, balance: Number(after.balance), frozen: Number(after.frozen) };
    await trx
      .insertInto('deposit_entries')
      .values({
        account_id: accountId,
        kind,
        amount,
        balance_change: rule.balance * amount,
        frozen_change: rule.frozen * amount,
        balance_after: state.balance,
        frozen_after: state.frozen,
        reference,
        counterparty_company_id: move.counterpartyCompanyId ?? null,
        actor_user_id: move.actorUserId ?? null,
        at,
      })
      .execute();
    emit({
      topic: 'deposit',
      key: `${companyId}:${currency}`,
      action: kind,
      companyIds: [companyId],
      // What the entry changed: a forfeit's two sides are told apart by it (the payer's balance falls).
      data: {
        currency,
        amount,
        balance: state.balance,
        frozen: state.frozen,
        balanceChange: rule.balance * amount,
        frozenChange: rule.frozen * amount,
      },
    });
    if (deps.notifyCompany) {
      await deps.notifyCompany(
        trx,
        companyId,
        {
          // The receiver of a forfeit is told it was credited: it lost nothing.
          kind: rule === RULES.forfeitIn ? 'deposit.credited' : NOTICE_KIND[kind],
          params: { amount, currency, reference, available: state.balance - state.frozen },
          link: { route: DEPOSIT_ACCOUNT_ROUTE, query: { currency } },
        },
        emit,
      );
    }
    return state;
  }

  const noEmit: Emit = () => {};

  return {
    /** Money received by the platform for the company (an operator's record). */
    credit: (trx: Trx, move: DepositMove, emit: Emit = noEmit) => apply(trx, 'credit', RULES.credit, move, emit),
    /** Money paid out to the company; refused with the amount missing when available would go negative. */
    debit: (trx: Trx, move: DepositMove, emit: Emit = noEmit) => apply(trx, 'debit', RULES.debit, move, emit),
    /** What each company may set aside now in `currency` (balance less frozen); a company with no account has none. */
    async available(trx: Trx, companyIds: number[], currency: string): Promise<Map<number, number>> {
      if (companyIds.length === 0) return new Map();
      const rows = await trx
        .selectFrom('deposit_accounts')
        .select(['company_id', 'balance', 'frozen'])
        .where('company_id', 'in', companyIds)
        .where('currency', '=', currency)
        .execute();
      return new Map(rows.map((r) => [r.company_id, Number(r.balance) - Number(r.frozen)]));
    },
    /** Sets money aside for an order, a registration or a bid; refused with the amount missing. */
    async freeze(trx: Trx, move: DepositMove, emit: Emit = noEmit): Promise<void> {
      await apply(trx, 'freeze', RULES.freeze, move, emit);
    },
    /** Sets frozen money free again. */
    async release(trx: Trx, move: DepositMove, emit: Emit = noEmit): Promise<void> {
      await apply(trx, 'release', RULES.release, move, emit);
    },
    /** The payer loses frozen money to the receiver: one forfeit entry on each side, same reference. */
    async forfeit(trx: Trx, move: ForfeitMove, emit: Emit = noEmit): Promise<void> {
      if (move.fromCompanyId === move.toCompanyId) throw new Error('deposit forfeit: payer and receiver are the same company');
      const common = { currency: move.currency, amount: move.amount, reference: move.reference, actorUserId: move.actorUserId ?? null };
      await apply(
        trx,
        'forfeit',
        RULES.forfeit,
        { ...common, companyId: move.fromCompanyId, counterpartyCompanyId: move.toCompanyId },
        emit,
      );
      await apply(
        trx,
        'forfeit',
        RULES.forfeitIn,
        { ...common, companyId: move.toCompanyId, counterpartyCompanyId: move.fromCompanyId },
        emit,
      );
    },
  };
}
export type DepositLedger = ReturnType<typeof createDepositLedger>;
