import type { CurrentUser } from '@portal/contracts/account';
import type { PasswordRule } from '@portal/contracts/settings';
import type { PermissionMap, PersonalInfoBody, ResetPasswordBody } from '@portal/contracts/user';
import { passwordMeetsRule } from '@portal/contracts/validation-rules';
import { AppError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { RateLimiter } from '../../platform/rate-limit';
import type { SessionRecord, Sessions } from '../../platform/sessions';
import type { UsersRepo } from '../auth';
import type { ProfileChanges, ProfileRepo } from './profile.repo';

export interface UserPolicy {
  passwordRule: PasswordRule;
  firstPasswordCheck: boolean;
  /** Wrong passwords (unlock, password change) a user may type within `failureWindowMs`. */
  maxPasswordFailures: number;
  failureWindowMs: number;
}

interface UserDeps {
  users: UsersRepo;
  profiles: ProfileRepo;
  sessions: Sessions;
  limiter: RateLimiter;
  /** Turns a password field as sent (plain, or RSA-encrypted) into its plain value. */
  passwords: { reveal(field: string, value: string): Promise<string> };
  currentUser(session: SessionRecord): Promise<CurrentUser>;
  policy: UserPolicy;
  now: () => Date;
}

/** The signed-in user's own settings: permissions, personal info, password, screen lock; and kick-out. */
export function createUserService(deps: UserDeps) {
  const { users, profiles, sessions, limiter, policy } = deps;
  const failKey = (userId: number) => `pwd-fail:${userId}`;

  async function loadUser(session: SessionRecord) {
    const user = await users.findById(session.userId);
    if (!user) throw new AppError('SESSION_EXPIRED');
    return user;
  }

  /**
   * Checks the signed-in user's password. Guessing it through a stolen (or unattended, locked)
   * session is bounded: past the allowed failures every session of the user ends.
   */
  async function checkOwnPassword(
    session: SessionRecord,
    hash: string,
    plain: string,
    wrong: 'OLD_PASSWORD_WRONG' | 'UNLOCK_PASSWORD_WRONG',
  ) {
    if (await verifyPassword(plain, hash)) {
      await limiter.reset(failKey(session.userId));
      return;
    }
    const { allowed } = await limiter.hit(failKey(session.userId), policy.maxPasswordFailures - 1, policy.failureWindowMs);
    if (!allowed) {
      await limiter.reset(failKey(session.userId));
      await sessions.endAllOf(session.userId, 'kicked');
      throw new AppError('LOGIN_VERIFY_FAILED');
    }
    throw new AppError(wrong);
  }

  return {
    async permissions(userId: number): Promise<PermissionMap> {
      return Object.fromEntries((await users.permissionCodes(userId)).map((code) => [code, true]));
    },

    async hasDefaultPassword(session: SessionRecord): Promise<boolean> {
      if (!policy.firstPasswordCheck) return false;
      return (await loadUser(session)).password_default === 1;
    },

    /** Changes the password; success ends every session of the user, this one included. */
    async changePassword(session: SessionRecord, body: ResetPasswordBody): Promise<void> {
      const current = await deps.passwords.reveal('pwd', body.pwd);
      const next = await deps.passwords.reveal('resetedPwd', body.resetedPwd);
      const rule = policy.passwordRule;
      if (!passwordMeetsRule(next, rule))
        throw new AppError('PASSWORD_RULE', { min: rule.minLength, max: rule.maxLength, kinds: rule.minKinds });
      const user = await loadUser(session);
      await checkOwnPassword(session, user.password_hash, current, 'OLD_PASSWORD_WRONG');
      if (current === next) throw new AppError('NEW_PASSWORD_SAME');
      await profiles.setPassword(user.id, await hashPassword(next), deps.now().toISOString());
      await sessions.endAllOf(user.id, 'password');
    },

    async updateProfile(session: SessionRecord, body: PersonalInfoBody): Promise<CurrentUser> {
      if (body.userId !== undefined && body.userId !== String(session.userId)) throw new AppError('NO_RIGHT');
      const changes: ProfileChanges = { nick_name: body.name };
      if (body.realName !== undefined) changes.real_name = body.realName;
      if (body.email !== undefined) changes.email = body.email;
      if (body.jobNo !== undefined) changes.job_no = body.jobNo;
      if (body.position !== undefined) changes.position = body.position;
      if (body.fax !== undefined) changes.fax = body.fax;
      if (body.certType !== undefined) changes.cert_type = body.certType;
      if (body.certNo !== undefined) changes.cert_no = body.certNo;
      await profiles.update(session.userId, changes, deps.now().toISOString());
      return deps.currentUser(session);
    },

    async lock(session: SessionRecord): Promise<void> {
      if (!session.locked) await sessions.setLocked(session, true);
    },

    async unlock(session: SessionRecord, password: string): Promise<void> {
      const plain = await deps.passwords.reveal('password', password);
      const user = await loadUser(session);
      await checkOwnPassword(session, user.password_hash, plain, 'UNLOCK_PASSWORD_WRONG');
      await sessions.setLocked(session, false);
    },

    /** Ends every session of the named account (404 when no such account exists). */
    async kickout(account: string): Promise<number> {
      const user = await users.findByAccount(account);
      if (!user) throw new AppError('NOT_FOUND');
      return sessions.endAllOf(user.id, 'kicked');
    },

    /** Checks a token handed over in an entry URL; answers its live session or the reason it has none. */
    async sessionOfToken(token: string): Promise<SessionRecord> {
      const resolved = await sessions.resolve(token);
      if (!resolved.ok) throw new AppError(resolved.error);
      return resolved.session;
    },
  };
}
export type UserService = ReturnType<typeof createUserService>;
