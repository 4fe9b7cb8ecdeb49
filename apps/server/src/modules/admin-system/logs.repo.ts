import type { Db } from '../../db/database';
import { pageAndTotal } from '../../platform/table-repo';

export interface LoginLogFilter {
  account?: string;
  ip?: string;
  kind?: string;
  result?: string;
  from?: string;
  to?: string;
}

/** The login log, searchable for the back office. */
export function createLoginLogAdminRepo(db: Db) {
  const filtered = (f: LoginLogFilter) => {
    let q = db.selectFrom('login_log');
    if (f.account) q = q.where('account', '=', f.account);
    if (f.ip) q = q.where('ip', '=', f.ip);
    if (f.kind) q = q.where('kind', '=', f.kind);
    if (f.result) q = q.where('result', '=', f.result);
    if (f.from) q = q.where('at', '>=', f.from);
    if (f.to) q = q.where('at', '<=', f.to);
    return q;
  };
  return {
    page(f: LoginLogFilter, pageNo: number, pageSize: number) {
      return pageAndTotal(filtered(f).selectAll().orderBy('id', 'desc'), filtered(f), pageNo, pageSize);
    },
  };
}
export type LoginLogAdminRepo = ReturnType<typeof createLoginLogAdminRepo>;
