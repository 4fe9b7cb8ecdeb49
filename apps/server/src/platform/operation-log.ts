import type { QueryCreator } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

/** One entry of the operation log: who changed which record, and the record before and after. */
export interface OplogEntry {
  user_id: number | null;
  account: string;
  ip: string;
  resource: string;
  action: string;
  record_id: string;
  before: unknown;
  after: unknown;
  at: string;
}

/**
 * Writes one operation log entry. Pass the write's own transaction, so the entry commits or rolls
 * back with the change it records. Lives in the platform because the write paths need it and the
 * platform imports no module.
 */
export async function writeOperationLog(db: Db, e: OplogEntry): Promise<void> {
  await writeOperationLogs(db, [e]);
}

/** Writes several entries in one statement (a batch of writes decided in one transaction). */
export async function writeOperationLogs(db: Db, entries: OplogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await operationLogInsert(db, entries).execute();
}

/**
 * The insert of several entries, to run as a statement or as one part of a larger one (a WITH):
 * the entries still commit or roll back with the change they record.
 */
export function operationLogInsert(q: QueryCreator<Database>, entries: OplogEntry[]) {
  return q.insertInto('operation_log').values(entries.map(row));
}

function row({ before, after, ...rest }: OplogEntry) {
  return {
    ...rest,
    before_json: before === undefined || before === null ? null : JSON.stringify(before),
    after_json: after === undefined || after === null ? null : JSON.stringify(after),
  };
}
