import type { DepositAccount, DepositAdminRow, DepositEntry } from '@portal/contracts/deposits';
import { AppError } from '../../platform/errors';
import type { Paged } from '../../platform/table-repo';
import type { WriteFn } from '../../platform/write-path';
import type { DepositLedger } from './deposit-ledger';
import type { DepositsRepo } from './deposits.repo';

export interface PageAnswer<Row> {
  items: Row[];
  totalItem: number;
  pageNo: number;
  pageSize: number;
}

function pageAnswer<Row>(paged: Paged<Row>, pageNo: number, pageSize: number): PageAnswer<Row> {
  return { items: paged.rows, totalItem: paged.total, pageNo, pageSize };
}

export interface OperatorMove {
  companyUserId: string;
  currency: string;
  amount: number;
  reference: string;
}

/**
 * The deposit accounts as companies and operators see them. A company user sees only its own
 * company's accounts and ledger; operators record money received and paid out, each record one
 * ledger entry with the operation log row of who did it, in one transaction.
 */
export function createDepositsService(deps: { repo: DepositsRepo; ledger: DepositLedger; write: WriteFn }) {
  const { repo, ledger, write } = deps;

  /** The caller's company; a user without one has no accounts (and sees none). */
  async function ownCompany(userId: number): Promise<number | null> {
    const who = await repo.companyOfUser(userId);
    return who?.userType === 'comp' ? who.companyId : null;
  }

  /** The company behind a company account's user id, as the operator names it. */
  async function companyOf(companyUserId: string): Promise<number> {
    const who = await repo.companyOfUser(Number(companyUserId));
    if (!who) throw new AppError('NOT_FOUND');
    if (who.userType !== 'comp' || who.companyId === null) throw new AppError('DEPOSIT_NOT_A_COMPANY');
    return who.companyId;
  }

  async function operatorMove(kind: 'credit' | 'debit', actorUserId: number, body: OperatorMove, ip: string): Promise<DepositAccount[]> {
    const companyId = await companyOf(body.companyUserId);
    return write(
      { actorUserId, action: `deposit-${kind}`, target: `deposit:${companyId}:${body.currency}`, ip },
      async (trx, emit, log) => {
        log.before = await repo.accounts(companyId, trx);
        await ledger[kind](trx, { companyId, currency: body.currency, amount: body.amount, reference: body.reference, actorUserId }, emit);
        const after = await repo.accounts(companyId, trx);
        log.after = { amount: body.amount, currency: body.currency, reference: body.reference, accounts: after };
        return after;
      },
    );
  }

  return {
    async accounts(userId: number): Promise<DepositAccount[]> {
      const companyId = await ownCompany(userId);
      return companyId === null ? [] : repo.accounts(companyId);
    },
    async entries(
      userId: number,
      q: { pageNo: number; pageSize: number; currency?: string | undefined },
    ): Promise<PageAnswer<DepositEntry>> {
      const companyId = await ownCompany(userId);
      if (companyId === null) return { items: [], totalItem: 0, pageNo: q.pageNo, pageSize: q.pageSize };
      return pageAnswer(await repo.entries(companyId, q.currency, q.pageNo, q.pageSize), q.pageNo, q.pageSize);
    },
    credit: (actorUserId: number, body: OperatorMove, ip: string) => operatorMove('credit', actorUserId, body, ip),
    debit: (actorUserId: number, body: OperatorMove, ip: string) => operatorMove('debit', actorUserId, body, ip),
    async adminPage(q: {
      pageNo: number;
      pageSize: number;
      currency?: string | undefined;
      keyword?: string | undefined;
    }): Promise<PageAnswer<DepositAdminRow>> {
      const filter = { ...(q.currency ? { currency: q.currency } : {}), ...(q.keyword ? { keyword: q.keyword } : {}) };
      return pageAnswer(await repo.adminPage(filter, q.pageNo, q.pageSize), q.pageNo, q.pageSize);
    },
    async adminEntries(q: {
      companyUserId: string;
      pageNo: number;
      pageSize: number;
      currency?: string | undefined;
    }): Promise<PageAnswer<DepositEntry>> {
      const companyId = await companyOf(q.companyUserId);
      return pageAnswer(await repo.entries(companyId, q.currency, q.pageNo, q.pageSize), q.pageNo, q.pageSize);
    },
  };
}
export type DepositsService = ReturnType<typeof createDepositsService>;
