import { usersResource, type UserRow } from '@portal/contracts/admin';
import type { PasswordRule } from '@portal/contracts/settings';
import { newPasswordSchema } from '@portal/contracts/validation';
import { reasonOf } from '@portal/contracts/validation-messages';
import { passwordMeetsRule } from '@portal/contracts/validation-rules';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { hashPassword } from '../../platform/passwords';
import { createResourceService, fieldError, type Actor } from '../../platform/resource';
import type { Trx, WritePath } from '../../platform/write-path';
import type { Sessions } from '../../platform/sessions';
import type { createUserActionsRepo, createUsersAdminRepo, UsersAdminRepoDeps, UserValues } from './users-admin.repo';

export interface UsersAdminDeps {
  db: Db;
  /** The users over the database or over a write's transaction, told how to read the sign-in locks. */
  users: (on: Db | Trx, lockedAccounts: UsersAdminRepoDeps['lockedAccounts']) => ReturnType<typeof createUsersAdminRepo>;
  /** The account checks and named actions over the database or over a write's transaction. */
  actions: (on: Db | Trx) => ReturnType<typeof createUserActionsRepo>;
  sessions: Sessions;
  /** Turns a password field as sent (plain, or RSA-encrypted) into its plain value. */
  passwords: { reveal(field: string, value: string): Promise<string> };
  /** The sign-in lock of an account name (auth service). */
  locks: { isLocked(account: string): Promise<boolean>; unlockAccount(account: string): Promise<void> };
  passwordRule: PasswordRule;
  writes: WritePath;
  now: () => Date;
}

/**
 * Users in the back office: the shared resource service plus the rules of accounts (unique names
 * and mobiles, known roles and tenants, a company for company users) and the named actions.
 */
export function createUsersAdminService(deps: UsersAdminDeps) {
  const { sessions, passwords, locks, actions } = deps;
  const lockedAccounts = async (accounts: string[]) => {
    const flags = await Promise.all(accounts.map((a) => locks.isLocked(a)));
    return new Set(accounts.filter((_, i) => flags[i]));
  };
  // Inside a write's transaction the lock flags are not read: on SQLite the shared store waits for
  // the very connection the transaction holds. Answers are read again after the commit.
  const noLocks = async () => new Set<string>();

  async function checkValues(v: UserValues, db: Db, userId?: string): Promise<void> {
    const repo = actions(db);
    if (v.user_type !== 'operator' && !v.company_name?.trim()) throw fieldError('company_name', 'required');
    if (v.mobile) {
      const owner = await repo.mobileOwner(v.mobile);
      if (owner !== undefined && String(owner) !== userId) throw new AppError('MOBILE_IN_USE');
    }
    const known = await repo.existingRoleIds(v.roleIds);
    if (v.roleIds.some((id) => !known.has(id))) throw fieldError('roleIds', 'invalidValue');
    if (v.tenant_id && !(await repo.tenantExists(v.tenant_id))) throw fieldError('tenant_id', 'invalidValue');
  }

  /** The plain password, checked against the configured rule, as its hash. */
  async function hashedPassword(sent: string): Promise<string> {
    const plain = await passwords.reveal('password', sent);
    const parsed = newPasswordSchema.safeParse(plain);
    if (!parsed.success) throw fieldError('password', reasonOf(parsed.error.issues[0]!));
    const rule = deps.passwordRule;
    if (!passwordMeetsRule(plain, rule))
      throw new AppError('PASSWORD_RULE', { min: rule.minLength, max: rule.maxLength, kinds: rule.minKinds });
    return hashPassword(plain);
  }

  const notSelf = (id: string, actor: Actor) => {
    if (id === String(actor.userId)) throw new AppError('SELF_OPERATION');
  };

  const base = createResourceService(usersResource, {
    db: deps.db,
    writes: deps.writes,
    repo: (db) => deps.users(db, db === deps.db ? lockedAccounts : noLocks),
    rules: {
      async beforeCreate(values, db) {
        if (await actions(db).accountTaken(values.account)) throw new AppError('ACCOUNT_EXISTS');
        await checkValues(values, db);
      },
      async beforeUpdate(before, values, db) {
        await checkValues(values, db, before.id);
      },
      async afterWrite(_action, before, after) {
        // Disabling ends every session of the account at once (its browser learns why: 9004).
        if (before?.enabled && after && !after.enabled) await sessions.endAllOf(Number(after.id), 'disabled');
      },
    },
  });

  return {
    ...base,
    async create(values: Parameters<typeof base.create>[0], actor: Actor): Promise<UserRow> {
      const created = await base.create({ ...values, password: await hashedPassword(values.password) }, actor);
      return base.get(created.id);
    },

    async update(id: string, values: Parameters<typeof base.update>[1], actor: Actor): Promise<UserRow> {
      await base.update(id, values, actor);
      return base.get(id);
    },

    async setStatus(id: string, enabled: boolean, actor: Actor): Promise<UserRow> {
      notSelf(id, actor);
      await base.act(id, enabled ? 'enable' : 'disable', actor, (trx) =>
        actions(trx).setStatus(Number(id), enabled, deps.now().toISOString()),
      );
      return base.get(id);
    },

    /** A new password marked default (the forced change follows at the next sign-in); the old sessions end. */
    async resetPassword(id: string, password: string, actor: Actor): Promise<UserRow> {
      notSelf(id, actor);
      const hash = await hashedPassword(password);
      await base.act(id, 'reset-password', actor, (trx) => actions(trx).setDefaultPassword(Number(id), hash, deps.now().toISOString()));
      await sessions.endAllOf(Number(id), 'password');
      return base.get(id);
    },

    /** Lifts the sign-in lock of the account name and of its mobile (SMS sign-in locks by number). */
    async unlock(id: string, actor: Actor): Promise<UserRow> {
      const before = await base.get(id);
      await locks.unlockAccount(before.account);
      if (before.mobile) await locks.unlockAccount(before.mobile);
      const after = await base.get(id);
      await base.record(actor, 'unlock', id, before, after);
      return after;
    },

    options: () => actions(deps.db).options(),
  };
}
export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
