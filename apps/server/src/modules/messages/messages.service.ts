import { renderMessage, type Message, type MessageKind, type MessageLink, type MessageParams } from '@portal/contracts/messages';
import type { Reader } from '@portal/contracts/reader';
import type { Db } from '../../db/database';
import type { MessageTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { Emit, Trx } from '../../platform/write-path';
import { pageAndTotal } from '../../platform/table-repo';

/** The most messages one insert writes (five values each): a database takes a bounded number of values in one statement. */
const INSERT_ROWS = 1000;

/** Tells every user of a company one message (or each of several), in the caller's transaction: how other modules notify. */
export type NotifyCompany = (trx: Trx, companyId: number, draft: MessageDraft | MessageDraft[], emit: Emit) => Promise<void>;

/** What a module asks to tell people: the kind names the texts, params fill them, link opens the record. */
export interface MessageDraft {
  kind: MessageKind;
  params: MessageParams;
  link: MessageLink;
  /**
   * The request that caused the message, when one transaction tells of several requests' changes
   * (an order desk's batch): its event carries it. A single write's events carry their request anyway.
   */
  requestId?: string;
}

/** A stored message before it is rendered for a reader (what a 'message' event carries too). */
export interface StoredMessage {
  id: string;
  userId: number;
  kind: string;
  params: MessageParams;
  link: MessageLink;
  read: boolean;
  time: string;
}

/** The topic of the event a new message publishes; its key is the message id. */
export const MESSAGE_TOPIC = 'message';

type MessageRow = Pick<MessageTable, 'user_id' | 'kind' | 'params_json' | 'link_json' | 'created_at'> & { id: number; is_read: number };

const stored = (row: MessageRow): StoredMessage => ({
  id: String(row.id),
  userId: row.user_id,
  kind: row.kind,
  params: JSON.parse(row.params_json) as MessageParams,
  link: JSON.parse(row.link_json) as MessageLink,
  read: row.is_read === 1,
  time: row.created_at,
});

/** A message as its reader sees it: title and text in the reader's language and time zone. */
export function rendered(m: StoredMessage, reader: Reader): Message {
  return { id: m.id, kind: m.kind, ...renderMessage(m.kind, m.params, reader), link: m.link, read: m.read, time: m.time };
}

/**
 * The message centre. Other modules write messages inside their own transaction (an order's
 * message exists exactly when the order's change committed); each message publishes one event
 * after that commit, which the recipient's open streams push at once.
 */
export function createMessagesService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;

  /** Each draft to each of the users, in as few inserts as the rows allow. */
  async function insertFor(trx: Db, userIds: number[], drafts: MessageDraft[], emit: Emit): Promise<void> {
    const recipients = [...new Set(userIds)];
    if (recipients.length === 0 || drafts.length === 0) return;
    const time = now().toISOString();
    const values = drafts.flatMap((draft) => {
      const params_json = JSON.stringify(draft.params);
      const link_json = JSON.stringify(draft.link);
      return recipients.map((user_id) => ({ user_id, kind: draft.kind, params_json, link_json, created_at: time }));
    });
    const rows: { id: number; user_id: number }[] = [];
    for (let i = 0; i < values.length; i += INSERT_ROWS) {
      const chunk = await trx
        .insertInto('messages')
        .values(values.slice(i, i + INSERT_ROWS))
        .returning(['id', 'user_id'])
        .execute();
      // The rows answered are matched to their drafts by id: ids grow in the order the values were written.
      rows.push(...chunk.sort((a, b) => a.id - b.id));
    }
    rows.forEach((row, i) => announce(row, drafts[Math.floor(i / recipients.length)]!, time, emit));
  }

  /** A stored message to its recipient's live streams, once the transaction commits. */
  function announce(row: { id: number; user_id: number }, draft: MessageDraft, time: string, emit: Emit): void {
    const { requestId, ...told } = draft;
    const message: StoredMessage = { id: String(row.id), userId: row.user_id, ...told, read: false, time };
    const event = { topic: MESSAGE_TOPIC, key: message.id, action: draft.kind, userIds: [row.user_id], data: { message } };
    emit(requestId ? { ...event, requestId } : event);
  }

  const mine = (userId: number, read?: boolean) => {
    let q = db.selectFrom('messages').where('user_id', '=', userId);
    if (read !== undefined) q = q.where('is_read', '=', read ? 1 : 0);
    return q;
  };
  const columns = ['id', 'user_id', 'kind', 'params_json', 'link_json', 'is_read', 'created_at'] as const;

  return {
    /** Tells every user of a company, in the caller's transaction. */
    async notifyCompany(trx: Db, companyId: number, draft: MessageDraft | MessageDraft[], emit: Emit): Promise<void> {
      const drafts = Array.isArray(draft) ? draft : [draft];
      if (drafts.length !== 1) {
        const users = await trx.selectFrom('users').select('id').where('company_id', '=', companyId).orderBy('id').execute();
        await insertFor(
          trx,
          users.map((u) => u.id),
          drafts,
          emit,
        );
        return;
      }
      // One message, in one statement: one row for each of the company's users, as the users table has them now.
      const [one] = drafts as [MessageDraft];
      const time = now().toISOString();
      const rows = await trx
        .insertInto('messages')
        .columns(['user_id', 'kind', 'params_json', 'link_json', 'created_at'])
        .expression(
          trx
            .selectFrom('users')
            .select((eb) => [
              'id',
              eb.val(one.kind).as('kind'),
              eb.val(JSON.stringify(one.params)).as('params_json'),
              eb.val(JSON.stringify(one.link)).as('link_json'),
              eb.val(time).as('created_at'),
            ])
            .where('company_id', '=', companyId)
            .orderBy('id'),
        )
        .returning(['id', 'user_id'])
        .execute();
      for (const row of rows.sort((a, b) => a.id - b.id)) announce(row, one, time, emit);
    },
    /** Tells these users, in the caller's transaction. */
    notifyUsers: (trx: Db, userIds: number[], draft: MessageDraft, emit: Emit) => insertFor(trx, userIds, [draft], emit),

    async page(userId: number, q: { pageNo: number; pageSize: number; read?: boolean }, reader: Reader) {
      const { rows, total } = await pageAndTotal(
        mine(userId, q.read).select(columns).orderBy('id', 'desc'),
        mine(userId, q.read),
        q.pageNo,
        q.pageSize,
      );
      return { items: rows.map((r) => rendered(stored(r), reader)), totalItem: total, pageNo: q.pageNo, pageSize: q.pageSize };
    },

    async unreadCount(userId: number): Promise<{ count: number }> {
      const row = await mine(userId, false)
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirst();
      return { count: Number(row?.count ?? 0) };
    },

    /** Marks messages read; any id that is not the caller's refuses the whole call (404) and marks nothing. */
    async read(userId: number, ids: string[], reader: Reader): Promise<Message[]> {
      const wanted = [...new Set(ids.map(Number))];
      return db.transaction().execute(async (trx) => {
        const owned = await trx.selectFrom('messages').select(columns).where('user_id', '=', userId).where('id', 'in', wanted).execute();
        if (owned.length !== wanted.length) throw new AppError('NOT_FOUND');
        await trx.updateTable('messages').set({ is_read: 1 }).where('user_id', '=', userId).where('id', 'in', wanted).execute();
        return owned.sort((a, b) => b.id - a.id).map((r) => rendered({ ...stored(r), read: true }, reader));
      });
    },

    /** The user's messages after `afterId`, oldest first: what a resuming stream missed. */
    async after(userId: number, afterId: number, limit: number): Promise<StoredMessage[]> {
      const rows = await db
        .selectFrom('messages')
        .select(columns)
        .where('user_id', '=', userId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map(stored);
    },

    /** The company a user trades for (null for operators), for the stream's change events. */
    async companyOf(userId: number): Promise<number | null> {
      const row = await db.selectFrom('users').select('company_id').where('id', '=', userId).executeTakeFirst();
      return row?.company_id ?? null;
    },
  };
}
export type MessagesService = ReturnType<typeof createMessagesService>;
