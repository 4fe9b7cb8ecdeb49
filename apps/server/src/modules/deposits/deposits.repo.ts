import { sql, type SqlBool } from 'kysely';
import type { DepositAccount, DepositAdminRow, DepositEntry, DepositEntryKind } from '@portal/contracts/deposits';
import type { Db } from '../../db/database';
import { pageAndTotal, type Paged } from '../../platform/table-repo';

/** The company that a company account's user trades for; null for operators and unknown users. */
export interface CompanyOfUser {
  userId: number;
  userType: string;
  companyId: number | null;
}

/** The currency a company shows in the operator's list before it has any account. */
export const DEFAULT_DEPOSIT_CURRENCY = 'CNY';

function toAccount(row: { currency: string; balance: number; frozen: number }): DepositAccount {
  const balance = Number(row.balance);
  const frozen = Number(row.frozen);
  return { currency: row.currency, balance, frozen, available: balance - frozen };
}

/** Reads of the deposit accounts and their ledger; every change goes through the ledger. */
export function createDepositsRepo(db: Db) {
  return {
    async companyOfUser(userId: number): Promise<CompanyOfUser | null> {
      const row = await db.selectFrom('users').select(['id', 'user_type', 'company_id']).where('id', '=', userId).executeTakeFirst();
      return row ? { userId: row.id, userType: row.user_type, companyId: row.company_id } : null;
    },

    async accounts(companyId: number, executor: Db = db): Promise<DepositAccount[]> {
      const rows = await executor
        .selectFrom('deposit_accounts')
        .select(['currency', 'balance', 'frozen'])
        .where('company_id', '=', companyId)
        .orderBy('currency')
        .execute();
      return rows.map(toAccount);
    },

    /** One company's ledger, newest first. */
    entries(companyId: number, currency: string | undefined, pageNo: number, pageSize: number): Promise<Paged<DepositEntry>> {
      const filtered = () => {
        let q = db
          .selectFrom('deposit_entries as e')
          .innerJoin('deposit_accounts as a', 'a.id', 'e.account_id')
          .where('a.company_id', '=', companyId);
        if (currency) q = q.where('a.currency', '=', currency);
        return q;
      };
      return pageAndTotal(
        filtered()
          .select([
            'e.id',
            'e.at',
            'e.kind',
            'e.amount',
            'a.currency',
            'e.reference',
            'e.balance_after',
            'e.frozen_after',
            'e.balance_change',
            'e.frozen_change',
          ])
          .orderBy('e.id', 'desc'),
        filtered(),
        pageNo,
        pageSize,
        (r): DepositEntry => ({
          id: String(r.id),
          time: r.at,
          kind: r.kind as DepositEntryKind,
          amount: Number(r.amount),
          currency: r.currency,
          reference: r.reference,
          balanceAfter: Number(r.balance_after),
          frozenAfter: Number(r.frozen_after),
          balanceChange: Number(r.balance_change),
          frozenChange: Number(r.frozen_change),
        }),
      );
    },

    /**
     * Every company with its accounts, one row per account; a company without any shows one row of
     * zeros in the default currency, so the operator can find it to record its first payment.
     */
    adminPage(filter: { currency?: string; keyword?: string }, pageNo: number, pageSize: number): Promise<Paged<DepositAdminRow>> {
      const filtered = () => {
        let q = db
          .selectFrom('companies as c')
          .innerJoin('users as u', (j) =>
            j
              .onRef('u.company_id', '=', 'c.id')
              .on(sql<SqlBool>`u.id = (select min(u2.id) from users u2 where u2.company_id = c.id and u2.user_type = 'comp')`),
          )
          .leftJoin('deposit_accounts as a', 'a.company_id', 'c.id');
        if (filter.currency) {
          const currency = filter.currency;
          q = q.where((eb) =>
            currency === DEFAULT_DEPOSIT_CURRENCY
              ? eb.or([eb('a.currency', '=', currency), eb('a.id', 'is', null)])
              : eb('a.currency', '=', currency),
          );
        }
        if (filter.keyword) {
          const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          q = q.where((eb) => eb.or([sql<SqlBool>`c.name like ${like} escape '\\'`, sql<SqlBool>`u.account like ${like} escape '\\'`]));
        }
        return q;
      };
      return pageAndTotal(
        filtered()
          .select([
            'c.id as company_id',
            'c.name',
            'c.created_at',
            'u.id as user_id',
            'u.account',
            'a.currency',
            'a.balance',
            'a.frozen',
            'a.updated_at',
          ])
          .orderBy('c.id')
          .orderBy('a.currency'),
        filtered(),
        pageNo,
        pageSize,
        (r): DepositAdminRow => ({
          ...toAccount({ currency: r.currency ?? DEFAULT_DEPOSIT_CURRENCY, balance: r.balance ?? 0, frozen: r.frozen ?? 0 }),
          companyUserId: String(r.user_id),
          companyName: r.name,
          account: r.account,
          updatedAt: r.updated_at ?? r.created_at,
        }),
      );
    },
  };
}
export type DepositsRepo = ReturnType<typeof createDepositsRepo>;
