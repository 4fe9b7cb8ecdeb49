import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { uniqueConflict } from '../../db/unique-conflict';

/** Storage of self-registered companies, reset passwords and agreements. */
export function createRegistrationRepo(db: Db) {
  return {
    /** True when an account of this name exists in any letter case (Buyer01 would pass for buyer01). */
    async accountTaken(account: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(account)`, '=', account.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    listAgreements() {
      return db.selectFrom('agreements').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('id').execute();
    },

    /**
     * Creates the company, its first user and the user's role in one transaction. Answers the new
     * user's id, or which unique column was already taken.
     */
    async createCompanyUser(input: {
      account: string;
      companyName: string;
      mobile: string;
      passwordHash: string;
      userType: string;
      roleCode: string;
      at: string;
    }): Promise<{ userId: number } | { conflict: 'account' | 'mobile' | 'other' }> {
      try {
        return await db.transaction().execute(async (trx) => {
          const company = await trx
            .insertInto('companies')
            .values({ name: input.companyName, created_at: input.at })
            .returning('id')
            .executeTakeFirstOrThrow();
          const user = await trx
            .insertInto('users')
            .values({
              account: input.account,
              password_hash: input.passwordHash,
              password_default: 0,
              nick_name: input.account,
              mobile: input.mobile,
              user_type: input.userType,
              company_id: company.id,
              created_at: input.at,
              updated_at: input.at,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          const role = await trx.selectFrom('roles').select('id').where('code', '=', input.roleCode).executeTakeFirst();
          if (role) await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
          return { userId: user.id };
        });
      } catch (err) {
        const conflict = uniqueConflict(err);
        if (conflict) return { conflict };
        throw err;
      }
    },

    async setPassword(userId: number, passwordHash: string, at: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ password_hash: passwordHash, password_default: 0, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type RegistrationRepo = ReturnType<typeof createRegistrationRepo>;
