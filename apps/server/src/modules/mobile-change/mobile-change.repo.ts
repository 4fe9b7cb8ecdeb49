import type { Db } from '../../db/database';
import { uniqueConflict } from '../../db/unique-conflict';

/** Storage of a user's mobile number. */
export function createMobileChangeRepo(db: Db) {
  return {
    /** Sets the number; false when another account took it meanwhile. */
    async setMobile(userId: number, mobile: string, at: string): Promise<boolean> {
      try {
        await db.updateTable('users').set({ mobile, updated_at: at }).where('id', '=', userId).execute();
        return true;
      } catch (err) {
        if (uniqueConflict(err)) return false;
        throw err;
      }
    },
  };
}
export type MobileChangeRepo = ReturnType<typeof createMobileChangeRepo>;
