import type { LoginLogRow, OperationLogRow } from '@portal/contracts/admin';
import type { OplogFilter, OplogRepo } from '../oplog';
import type { LoginLogAdminRepo, LoginLogFilter } from './logs.repo';

/** Times are stored as UTC ISO text; a filter given with another offset is compared in UTC too. */
const utc = (time: string | undefined) => (time ? new Date(time).toISOString() : undefined);

/** The login log and the operation log, searchable and paged. */
export function createLogsService({ loginLog, oplog }: { loginLog: LoginLogAdminRepo; oplog: OplogRepo }) {
  return {
    async loginLog(f: LoginLogFilter, pageNo: number, pageSize: number): Promise<{ rows: LoginLogRow[]; total: number }> {
      const { rows, total } = await loginLog.page({ ...f, from: utc(f.from), to: utc(f.to) }, pageNo, pageSize);
      return {
        total,
        rows: rows.map((r) => ({
          id: String(r.id),
          account: r.account,
          userId: r.user_id === null ? '' : String(r.user_id),
          kind: r.kind,
          result: r.result,
          ip: r.ip,
          at: r.at,
        })),
      };
    },

    async operationLog(f: OplogFilter, pageNo: number, pageSize: number): Promise<{ rows: OperationLogRow[]; total: number }> {
      const { rows, total } = await oplog.page({ ...f, from: utc(f.from), to: utc(f.to) }, pageNo, pageSize);
      return {
        total,
        rows: rows.map((r) => ({
          id: String(r.id),
          account: r.account,
          ip: r.ip,
          resource: r.resource,
          action: r.action,
          recordId: r.record_id,
          before: r.before_json ?? '',
          after: r.after_json ?? '',
          at: r.at,
        })),
      };
    },
  };
}
export type LogsService = ReturnType<typeof createLogsService>;
