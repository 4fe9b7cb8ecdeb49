import type { UserRow, UserType } from '@portal/contracts/admin';
import type { Db } from '../../db/database';
import { pageAndTotal } from '../../platform/table-repo';
import { contains, type ResourceRepo } from '../../platform/resource';

export interface UserFilters {
  keyword?: string;
  user_type?: UserType;
  status?: 'enabled' | 'disabled';
  tenant_id?: string;
  role_id?: string;
}

export interface UserValues {
  nick_name: string;
  real_name?: string;
  mobile?: string;
  email?: string;
  user_type: UserType;
  company_name?: string;
  tenant_id?: string;
  roleIds: string[];
}
/** A new account; `password` already holds the hash by the time the repo sees it. */
export type NewUser = UserValues & { account: string; password: string };

export interface UsersAdminRepoDeps {
  /** Which of these account names are locked after failed sign-ins (the lock lives in the shared store). */
  lockedAccounts(accounts: string[]): Promise<Set<string>>;
  now: () => Date;
}

/** Accounts for the back office: with their company, tenant, roles and sign-in lock. */
export function createUsersAdminRepo(db: Db, deps: UsersAdminRepoDeps): ResourceRepo<UserRow, UserFilters, NewUser, UserValues> {
  const filtered = (f: UserFilters) => {
    let q = db.selectFrom('users');
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) =>
        eb.or([contains('users.account', k), contains('users.nick_name', k), contains('users.real_name', k), contains('users.mobile', k)]),
      );
    }
    if (f.user_type) q = q.where('users.user_type', '=', f.user_type);
    if (f.status) q = q.where('users.status', '=', f.status === 'enabled' ? 1 : 0);
    if (f.tenant_id) q = q.where('users.tenant_id', '=', f.tenant_id);
    if (f.role_id) {
      const roleId = Number(f.role_id);
      q = q.where('users.id', 'in', db.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId));
    }
    return q;
  };
  const withNames = (q: ReturnType<typeof filtered>) =>
    q
      .leftJoin('companies', 'companies.id', 'users.company_id')
      .leftJoin('tenants', 'tenants.tenant_id', 'users.tenant_id')
      .select([
        'users.id',
        'users.account',
        'users.nick_name',
        'users.real_name',
        'users.mobile',
        'users.email',
        'users.user_type',
        'users.tenant_id',
        'users.status',
        'users.password_default',
        'users.last_login_at',
        'users.last_login_ip',
        'users.created_at',
        'companies.name as company_name',
        'tenants.tenant_name',
      ]);
  type Raw = Awaited<ReturnType<ReturnType<typeof withNames>['execute']>>[number];

  async function toRows(raws: Raw[]): Promise<UserRow[]> {
    if (raws.length === 0) return [];
    const ids = raws.map((r) => r.id);
    const [roles, locked] = await Promise.all([
      db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .select(['user_roles.user_id', 'roles.id', 'roles.name'])
        .where('user_roles.user_id', 'in', ids)
        .orderBy('roles.id')
        .execute(),
      deps.lockedAccounts(raws.map((r) => r.account)),
    ]);
    return raws.map((r) => {
      const own = roles.filter((role) => role.user_id === r.id);
      return {
        id: String(r.id),
        account: r.account,
        nick_name: r.nick_name,
        real_name: r.real_name,
        mobile: r.mobile ?? '',
        email: r.email,
        user_type: r.user_type,
        company_name: r.company_name ?? '',
        tenant_id: r.tenant_id,
        tenant_name: r.tenant_name ?? '',
        enabled: r.status === 1,
        locked: locked.has(r.account),
        defaultPassword: r.password_default === 1,
        roleIds: own.map((role) => String(role.id)),
        roleNames: own.map((role) => role.name),
        last_login_at: r.last_login_at ?? '',
        last_login_ip: r.last_login_ip,
        created_at: r.created_at,
      };
    });
  }

  /** The company of that name, created when none has it yet; none for an empty name. */
  async function companyIdOf(name: string | undefined): Promise<number | null> {
    const trimmed = name?.trim();
    if (!trimmed) return null;
    const found = await db.selectFrom('companies').select('id').where('name', '=', trimmed).executeTakeFirst();
    if (found) return found.id;
    const { id } = await db
      .insertInto('companies')
      .values({ name: trimmed, created_at: deps.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async function setRoles(userId: number, roleIds: string[]): Promise<void> {
    await db.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    const unique = [...new Set(roleIds.map(Number))];
    if (unique.length > 0)
      await db
        .insertInto('user_roles')
        .values(unique.map((role_id) => ({ user_id: userId, role_id })))
        .execute();
  }

  const columnsOf = async (v: UserValues) => ({
    nick_name: v.nick_name,
    real_name: v.real_name ?? '',
    mobile: v.mobile ? v.mobile : null,
    email: v.email ?? '',
    user_type: v.user_type,
    company_id: v.user_type === 'operator' ? null : await companyIdOf(v.company_name),
    tenant_id: v.tenant_id ?? '',
  });

  return {
    async page(f, pageNo, pageSize) {
      const { rows, total } = await pageAndTotal(withNames(filtered(f)).orderBy('users.id'), filtered(f), pageNo, pageSize);
      return { rows: await toRows(rows), total };
    },
    async get(id) {
      if (!/^\d{1,12}$/.test(id)) return undefined;
      const raw = await withNames(db.selectFrom('users')).where('users.id', '=', Number(id)).executeTakeFirst();
      return raw ? (await toRows([raw]))[0] : undefined;
    },
    async insert(v) {
      const at = deps.now().toISOString();
      const { id } = await db
        .insertInto('users')
        .values({
          account: v.account,
          password_hash: v.password,
          password_default: 1,
          ...(await columnsOf(v)),
          status: 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await setRoles(id, v.roleIds);
      return String(id);
    },
    async update(id, v) {
      const userId = Number(id);
      await db
        .updateTable('users')
        .set({ ...(await columnsOf(v)), updated_at: deps.now().toISOString() })
        .where('id', '=', userId)
        .execute();
      await setRoles(userId, v.roleIds);
    },
    async remove() {
      // Accounts are disabled, never deleted: listings, tenders and logs refer to them.
      throw new Error('users are not deleted');
    },
  };
}

/** The writes of the users page's named actions. */
export function createUserActionsRepo(db: Db) {
  return {
    async setStatus(userId: number, enabled: boolean, at: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ status: enabled ? 1 : 0, updated_at: at })
        .where('id', '=', userId)
        .execute();
    },
    async setDefaultPassword(userId: number, hash: string, at: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: hash, password_default: 1, updated_at: at }).where('id', '=', userId).execute();
    },
    async accountTaken(account: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['account']), '=', account.toLowerCase()))
        .executeTakeFirst();
      return row !== undefined;
    },
    async mobileOwner(mobile: string): Promise<number | undefined> {
      return (await db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirst())?.id;
    },
    async existingRoleIds(ids: string[]): Promise<Set<string>> {
      const numeric = ids.filter((id) => /^\d{1,12}$/.test(id)).map(Number);
      if (numeric.length === 0) return new Set();
      const rows = await db.selectFrom('roles').select('id').where('id', 'in', numeric).execute();
      return new Set(rows.map((r) => String(r.id)));
    },
    async tenantExists(tenantId: string): Promise<boolean> {
      return (await db.selectFrom('tenants').select('tenant_id').where('tenant_id', '=', tenantId).executeTakeFirst()) !== undefined;
    },
    async options() {
      const [roles, tenants] = await Promise.all([
        db.selectFrom('roles').select(['id', 'code', 'name']).orderBy('id').execute(),
        db.selectFrom('tenants').select(['tenant_id', 'tenant_name']).orderBy('tenant_id').execute(),
      ]);
      return { roles: roles.map((r) => ({ ...r, id: String(r.id) })), tenants };
    },
  };
}
export type UserActionsRepo = ReturnType<typeof createUserActionsRepo>;
