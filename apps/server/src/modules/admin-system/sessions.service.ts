import { createHash } from 'node:crypto';
import type { OnlineSessionRow } from '@portal/contracts/admin';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { byActor, type Actor } from '../../platform/resource';
import type { SessionRecord, Sessions } from '../../platform/sessions';
import type { WritePath } from '../../platform/write-path';

/** An id for a session row that is not its key in the store. */
const publicId = (tokenHash: string) => createHash('sha256').update(`online:${tokenHash}`).digest('base64url').slice(0, 22);

/** Who is signed in, since when and from where; kicking an account out. */
export function createOnlineSessionsService(deps: { db: Db; sessions: Sessions; writes: WritePath }) {
  const { db, sessions } = deps;
  return {
    async list(
      f: { account?: string },
      pageNo: number,
      pageSize: number,
      caller: SessionRecord,
    ): Promise<{ rows: OnlineSessionRow[]; total: number }> {
      const wanted = f.account?.toLowerCase();
      const live = (await sessions.listLive())
        .filter((s) => !wanted || s.account.toLowerCase().includes(wanted))
        .sort((a, b) => b.createdAt - a.createdAt || a.account.localeCompare(b.account));
      const page = live.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      const ids = [...new Set(page.map((s) => s.userId))];
      const names = ids.length === 0 ? [] : await db.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', ids).execute();
      return {
        total: live.length,
        rows: page.map((s) => ({
          id: publicId(s.tokenHash),
          userId: String(s.userId),
          account: s.account,
          nickName: names.find((n) => n.id === s.userId)?.nick_name ?? '',
          terminal: s.terminal,
          ip: s.ip,
          createdAt: new Date(s.createdAt).toISOString(),
          lastSeenAt: new Date(s.lastSeenAt).toISOString(),
          locked: s.locked,
          current: s.tokenHash === caller.tokenHash,
        })),
      };
    },

    /** Ends every session of the account (its browser learns it was kicked out: 9004) and logs it. */
    async kickout(account: string, actor: Actor): Promise<{ count: number }> {
      const user = await db.selectFrom('users').select(['id', 'account']).where('account', '=', account).executeTakeFirst();
      if (!user) throw new AppError('NOT_FOUND');
      if (user.id === actor.userId) throw new AppError('SELF_OPERATION');
      const count = await sessions.endAllOf(user.id, 'kicked');
      // Sessions live in the key-value store, outside the database's transaction: ended first, then recorded.
      await deps.writes.write(
        {
          ...byActor(actor),
          action: 'kickout',
          target: `sessions:${user.account}`,
          before: { account: user.account, liveSessions: count },
        },
        async (_trx, _emit, log) => {
          log.after = { account: user.account, liveSessions: 0 };
        },
      );
      return { count };
    },
  };
}
export type OnlineSessionsService = ReturnType<typeof createOnlineSessionsService>;
