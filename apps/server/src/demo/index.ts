import type { Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { hashPassword } from '../platform/passwords';
import { DEMO_ACCOUNTS, DEMO_TENANTS } from '../db/demo-accounts';
import { loadAgreements } from './agreements';
import { loadCmsDemoData } from './cms';
import { loadTradingDemo } from './trading';
import { loadTradingParties } from './trading-parties';

/** True when no account exists yet. */
export async function isEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** What the account seed hands to each area's demo-data loader. */
export interface DemoContext {
  /** ISO time of the load. */
  at: string;
  now: Date;
  /** Account name -> users.id (admin, buyer01, supplier01, newcomer, and the trading demo's buyer02/03, supplier02/03). */
  userIds: Map<string, number>;
  /** Role code -> roles.id. */
  roleIds: Map<string, number>;
}
export type DemoLoader = (trx: Transaction<Database>, ctx: DemoContext) => Promise<void>;

/**
 * Each area's loader, run in this order inside the same transaction after the accounts exist.
 * A new area adds its loader file beside this one and one entry here.
 */
const AREA_LOADERS: DemoLoader[] = [loadCmsDemoData, loadTradingDemo, loadTradingParties, loadAgreements];

/**
 * Role code -> roles.id. The roles are reference data created by the migrations; demo accounts and
 * the initial admin are given roles by code.
 */
async function roleIdsByCode(trx: Transaction<Database>): Promise<Map<string, number>> {
  const rows = await trx.selectFrom('roles').select(['id', 'code']).execute();
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** The role's id; a missing one means the migrations have not run. */
function requireRole(roleIds: Map<string, number>, code: string): number {
  const id = roleIds.get(code);
  if (id === undefined) throw new Error(`Role ${code} is missing: the reference data migrations have not run`);
  return id;
}

/** Loads the demo data into an empty database in one transaction. */
export async function loadDemoData(db: Db, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('tenants').values(DEMO_TENANTS).execute();
    const roleIds = await roleIdsByCode(trx);
    const userIds = new Map<string, number>();
    for (const [index, a] of DEMO_ACCOUNTS.entries()) {
      const companyId = a.company
        ? (await trx.insertInto('companies').values({ name: a.company, created_at: at }).returning('id').executeTakeFirstOrThrow()).id
        : null;
      const { id } = await trx
        .insertInto('users')
        .values({
          account: a.account,
          password_hash: hashes[index]!,
          password_default: a.isDefault ? 1 : 0,
          nick_name: a.nick,
          real_name: a.real,
          mobile: a.mobile,
          user_type: a.type,
          company_id: companyId,
          tenant_id: 'T001',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_roles')
        .values(a.roles.map((code) => ({ user_id: id, role_id: requireRole(roleIds, code) })))
        .execute();
      userIds.set(a.account, id);
    }
    for (const load of AREA_LOADERS) await load(trx, { at, now, userIds, roleIds });
  });
}

/** Without demo data: the admin account with the initial password, marked default (forced change at first sign-in). */
export async function createInitialAdmin(db: Db, password: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  const hash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const roleIds = await roleIdsByCode(trx);
    const { id } = await trx
      .insertInto('users')
      .values({
        account: 'admin',
        password_hash: hash,
        password_default: 1,
        nick_name: '平台管理员',
        user_type: 'operator',
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('user_roles')
      .values({ user_id: id, role_id: requireRole(roleIds, 'platform_admin') })
      .execute();
  });
}
