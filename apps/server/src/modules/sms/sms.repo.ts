import type { Db } from '../../db/database';

/** The outbox provider's messages. */
export function createSmsOutboxRepo(db: Db) {
  return {
    async insert(row: { mobile: string; purpose: string; text: string; code: string; sent_at: string }): Promise<void> {
      await db.insertInto('sms_outbox').values(row).execute();
    },
    /** Messages to one number, newest first. */
    listByMobile(mobile: string, limit = 50) {
      return db
        .selectFrom('sms_outbox')
        .select(['mobile', 'text', 'code', 'sent_at'])
        .where('mobile', '=', mobile)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
export type SmsOutboxRepo = ReturnType<typeof createSmsOutboxRepo>;
