import type { Db } from '../../db/database';

/** Storage of accounts, their roles and permissions. */
export function createUsersRepo(db: Db) {
  return {
    findByAccount(account: string) {
      return db.selectFrom('users').selectAll().where('account', '=', account).executeTakeFirst();
    },
    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByMobile(mobile: string) {
      return db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
    },
    async companyName(companyId: number | null): Promise<string> {
      if (companyId === null) return '';
      const row = await db.selectFrom('companies').select('name').where('id', '=', companyId).executeTakeFirst();
      return row?.name ?? '';
    },
    async roleCodes(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select('roles.code')
        .where('user_roles.user_id', '=', userId)
        .orderBy('roles.code')
        .execute();
      return rows.map((r) => r.code);
    },
    async permissionCodes(userId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('user_roles')
        .innerJoin('role_permissions', 'role_permissions.role_id', 'user_roles.role_id')
        .select('role_permissions.auth_code')
        .distinct()
        .where('user_roles.user_id', '=', userId)
        .orderBy('role_permissions.auth_code')
        .execute();
      return rows.map((r) => r.auth_code);
    },
    async recordLogin(userId: number, at: string, ip: string): Promise<void> {
      await db.updateTable('users').set({ last_login_at: at, last_login_ip: ip }).where('id', '=', userId).execute();
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;

export function createTenantsRepo(db: Db) {
  return {
    list() {
      return db.selectFrom('tenants').selectAll().orderBy('tenant_id').execute();
    },
    find(tenantId: string) {
      return db.selectFrom('tenants').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
    },
  };
}
export type TenantsRepo = ReturnType<typeof createTenantsRepo>;

export function createLoginLogRepo(db: Db) {
  return {
    async insert(row: { account: string; user_id: number | null; kind: 'login' | 'logout'; result: string; ip: string; at: string }) {
      await db.insertInto('login_log').values(row).execute();
    },
  };
}
export type LoginLogRepo = ReturnType<typeof createLoginLogRepo>;
