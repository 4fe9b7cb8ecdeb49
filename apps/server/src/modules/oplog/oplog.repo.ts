import type { Db } from '../../db/database';
import { writeOperationLog, type OplogEntry } from '../../platform/operation-log';
import { pageAndTotal } from '../../platform/table-repo';

export interface OplogFilter {
  account?: string;
  resource?: string;
  action?: string;
  recordId?: string;
  from?: string;
  to?: string;
}

/** Storage of the operation log. */
export function createOplogRepo(db: Db) {
  const filtered = (f: OplogFilter) => {
    let q = db.selectFrom('operation_log');
    if (f.account) q = q.where('account', '=', f.account);
    if (f.resource) q = q.where('resource', '=', f.resource);
    if (f.action) q = q.where('action', '=', f.action);
    if (f.recordId) q = q.where('record_id', '=', f.recordId);
    if (f.from) q = q.where('at', '>=', f.from);
    if (f.to) q = q.where('at', '<=', f.to);
    return q;
  };
  return {
    insert(e: OplogEntry): Promise<void> {
      return writeOperationLog(db, e);
    },
    /** Several rows in one statement (a batch of writes decided together); none writes nothing. */
    page(f: OplogFilter, pageNo: number, pageSize: number) {
      return pageAndTotal(filtered(f).selectAll().orderBy('id', 'desc'), filtered(f), pageNo, pageSize);
    },
  };
}
export type OplogRepo = ReturnType<typeof createOplogRepo>;
