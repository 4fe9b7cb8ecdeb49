import type { Db } from '../../db/database';

export interface ProfileChanges {
  nick_name: string;
  real_name?: string;
  email?: string;
  job_no?: string;
  position?: string;
  fax?: string;
  cert_type?: string;
  cert_no?: string;
}

/** Writes of the signed-in user's own account row (personal info, password). */
export function createProfileRepo(db: Db) {
  return {
    async update(userId: number, changes: ProfileChanges, at: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },
    /** Stores a new password hash; a changed password is no longer a default one. */
    async setPassword(userId: number, passwordHash: string, at: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, password_default: 0, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type ProfileRepo = ReturnType<typeof createProfileRepo>;
