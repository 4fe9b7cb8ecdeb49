import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import type { ChangeEvent, EventBus } from './events';
import { writeOperationLog, writeOperationLogs, type OplogEntry } from './operation-log';
import { currentRequestId } from './request-context';

export type Trx = Transaction<Database>;
/** Collects an event; it is published only if the transaction commits. */
export type Emit = (e: ChangeEvent) => void;

/** Who changes what: the operation-log row of the write. */
export interface WriteMeta {
  /** users.id of the person acting; null for the system (the scheduler, demo data). */
  actorUserId: number | null;
  /** What is done: 'place', 'confirm', 'credit' ... (at most 30 characters). */
  action: string;
  /** The record changed, as 'resource:wireId' (e.g. 'order:2026112500001'); the resource at most 60 characters. */
  target: string;
  /** The actor's account name; read from users when left out. */
  account?: string;
  /** The client address of the request, when there is one. */
  ip?: string;
  /** The record before the change, when the caller already holds it. */
  before?: unknown;
  /**
   * Extra checks run first inside the transaction (permission or ownership that needs the
   * database); throw AppError to refuse, and nothing is written.
   */
  check?: (trx: Trx) => Promise<void>;
}

/** Lets the rule fill in the log's before/after values it only learns inside the transaction. */
export interface LogRecord {
  before?: unknown;
  after?: unknown;
  /** The record's id when it is only known inside the transaction (a created row); replaces the target's. */
  recordId?: string;
}

export type WriteFn = <T>(meta: WriteMeta, fn: (trx: Trx, emit: Emit, log: LogRecord) => Promise<T>) => Promise<T>;

/** One change of a batch as its operation-log row records it. */
export type BatchLogEntry = Omit<WriteMeta, 'check'> & LogRecord;

/** What a batch's rule answers: its value and the log rows of the changes it made. */
export interface BatchOutcome<T> {
  value: T;
  logs: BatchLogEntry[];
}

/**
 * A batch's log entries as rows of the operation log, for a rule that writes them itself as part
 * of its own statement (and then answers no `logs`); each entry names its account.
 */
export type LogRows = (entries: (BatchLogEntry & { account: string })[]) => OplogEntry[];

export interface WritePath {
  /**
   * The one place a change is made: runs `fn` in a transaction together with its operation-log
   * row (who, what, target, before/after); the events `fn` emitted are published after the commit,
   * in the order emitted, and dropped when it rolls back.
   */
  write: WriteFn;
  /**
   * Several changes decided together in one transaction (a desk that decides every waiting bid of
   * a space at once): `fn` answers one log row per change it made, written in one statement with
   * them (or by `fn` itself, in a statement of its own, with `logRows`); the events are published
   * after the commit, in the order emitted. Changes `fn` refused leave no row, and when it throws
   * nothing at all is written.
   */
  writeMany<T>(fn: (trx: Trx, emit: Emit, logRows: LogRows) => Promise<BatchOutcome<T>>): Promise<T>;
}

const SYSTEM_ACCOUNT = 'system';

/** Splits 'order:123' into its resource and record id; a target without ':' is a resource alone. */
export function splitTarget(target: string): { resource: string; recordId: string } {
  const at = target.indexOf(':');
  return at < 0 ? { resource: target, recordId: '' } : { resource: target.slice(0, at), recordId: target.slice(at + 1) };
}

export function createWritePath(deps: { db: Db; events: EventBus; now: () => Date }): WritePath {
  const { db, events, now } = deps;

  const accountOf = async (meta: WriteMeta, q: Db | Trx = db): Promise<string> => {
    if (meta.account !== undefined) return meta.account;
    if (meta.actorUserId === null) return SYSTEM_ACCOUNT;
    const row = await q.selectFrom('users').select('account').where('id', '=', meta.actorUserId).executeTakeFirst();
    return row?.account ?? String(meta.actorUserId);
  };

  async function write<T>(meta: WriteMeta, fn: (trx: Trx, emit: Emit, log: LogRecord) => Promise<T>): Promise<T> {
    const emitted: ChangeEvent[] = [];
    // Who acts is read before the transaction: inside it, after `fn`, the read would lengthen the
    // hold on the rows `fn` locked last (an order's listing row, which every order on it waits for).
    const account = await accountOf(meta);
    const result = await db.transaction().execute(async (trx) => {
      emitted.length = 0;
      await meta.check?.(trx);
      const log: LogRecord = { before: meta.before };
      const value = await fn(trx, (e) => void emitted.push(e), log);
      const target = splitTarget(meta.target);
      const recordId = log.recordId ?? target.recordId;
      await writeOperationLog(trx, {
        user_id: meta.actorUserId,
        account,
        ip: meta.ip ?? '',
        resource: target.resource,
        action: meta.action,
        record_id: recordId,
        before: log.before,
        after: log.after,
        at: now().toISOString(),
      });
      return value;
    });
    // The events carry the request that caused them (a batch decides several requests' changes at once, so its events do not).
    const requestId = currentRequestId();
    for (const e of emitted) events.publish(requestId ? { ...e, requestId } : e);
    return result;
  }

  /** One entry of a batch as its operation-log row, once its account is known. */
  const logRow = (meta: BatchLogEntry, account: string, at: string): OplogEntry => {
    const { resource, recordId } = splitTarget(meta.target);
    return {
      user_id: meta.actorUserId,
      account,
      ip: meta.ip ?? '',
      resource,
      action: meta.action,
      record_id: recordId,
      before: meta.before,
      after: meta.after,
      at,
    };
  };

  async function writeMany<T>(fn: (trx: Trx, emit: Emit, logRows: LogRows) => Promise<BatchOutcome<T>>): Promise<T> {
    const emitted: ChangeEvent[] = [];
    const result = await db.transaction().execute(async (trx) => {
      emitted.length = 0;
      const logRows: LogRows = (entries) => {
        const at = now().toISOString();
        return entries.map((meta) => logRow(meta, meta.account, at));
      };
      const { value, logs } = await fn(trx, (e) => void emitted.push(e), logRows);
      const at = now().toISOString();
      const rows = [];
      for (const meta of logs) rows.push(logRow(meta, await accountOf(meta, trx), at));
      await writeOperationLogs(trx, rows);
      return value;
    });
    for (const e of emitted) events.publish(e);
    return result;
  }

  return { write, writeMany };
}
