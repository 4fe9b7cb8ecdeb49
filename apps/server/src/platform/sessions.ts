import { createHash, randomBytes } from 'node:crypto';
import type { ErrorKey } from '@portal/contracts/errors';
import type { KvStore } from './kv';

/** Why a session ended early; decides which session code the older browser sees. */
export type EndReason = 'elsewhere' | 'kicked' | 'password' | 'disabled' | 'logout';

export interface SessionRecord {
  tokenHash: string;
  userId: number;
  account: string;
  terminal: string;
  ip: string;
  /** Echoed back in the csrfcheck header by cookie-authenticated writes. */
  csrf: string;
  createdAt: number;
  lastSeenAt: number;
  locked: boolean;
  /**
   * Signed in with a default password: until it is changed the session may call only what the
   * forced change needs. Changing it ends every session, so the flag never has to be cleared.
   */
  mustChangePassword?: boolean;
  ended?: EndReason;
}

export interface SessionOptions {
  idleMs: number;
  absoluteMs: number;
  /** 0 disables the idle lock. */
  lockIdleMs: number;
  concurrent: boolean;
  now?: () => number;
}

const END_CODES: Record<EndReason, ErrorKey> = {
  elsewhere: 'SESSION_ELSEWHERE',
  kicked: 'LOGIN_VERIFY_FAILED',
  password: 'LOGIN_VERIFY_FAILED',
  disabled: 'LOGIN_VERIFY_FAILED',
  logout: 'SESSION_EXPIRED',
};
/** How long an ended session is remembered so its browser learns why (-101 rather than -100). */
const TOMBSTONE_MS = 24 * 3600_000;
const TOUCH_EVERY_MS = 30_000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/**
 * The csrfcheck value of a session: derived from the secret token, so the login answer can carry it
 * without a lookup, and nobody without the token can compute it.
 */
export const csrfOf = (token: string) => createHash('sha256').update(`csrf:${token}`).digest('base64url').slice(0, 24);

export type Resolved = { ok: true; session: SessionRecord } | { ok: false; error: ErrorKey };

/**
 * Server-side sessions. The random token (256 bits) goes to the browser; only its hash is stored.
 * Records live in the shared store with the idle timeout as their lifetime.
 */
export function createSessions(kv: KvStore, opts: SessionOptions) {
  const now = opts.now ?? Date.now;
  const key = (hash: string) => `sess:${hash}`;
  const userKey = (userId: number) => `usess:${userId}`;

  async function save(record: SessionRecord): Promise<void> {
    const ttl = Math.min(opts.idleMs, record.createdAt + opts.absoluteMs - now());
    if (ttl > 0) await kv.set(key(record.tokenHash), JSON.stringify(record), ttl);
  }
  async function load(hash: string): Promise<SessionRecord | undefined> {
    const raw = await kv.get(key(hash));
    return raw ? (JSON.parse(raw) as SessionRecord) : undefined;
  }
  async function userHashes(userId: number): Promise<string[]> {
    const raw = await kv.get(userKey(userId));
    return raw ? (JSON.parse(raw) as string[]) : [];
  }
  async function setUserHashes(userId: number, hashes: string[]): Promise<void> {
    if (hashes.length === 0) await kv.del(userKey(userId));
    else await kv.set(userKey(userId), JSON.stringify(hashes), opts.absoluteMs);
  }
  async function end(record: SessionRecord, reason: EndReason): Promise<void> {
    if (reason === 'logout') await kv.del(key(record.tokenHash));
    else await kv.set(key(record.tokenHash), JSON.stringify({ ...record, ended: reason }), TOMBSTONE_MS);
  }
  /** Live sessions of a user, dropping ids whose record is gone. */
  async function liveOf(userId: number): Promise<SessionRecord[]> {
    const records: SessionRecord[] = [];
    for (const hash of await userHashes(userId)) {
      const record = await load(hash);
      if (record && !record.ended) records.push(record);
    }
    return records;
  }

  return {
    /** Starts a session; unless concurrent sessions are allowed, older ones of the same terminal end. */
    async create(input: {
      userId: number;
      account: string;
      terminal: string;
      ip: string;
      mustChangePassword?: boolean;
    }): Promise<{ token: string; record: SessionRecord }> {
      const token = randomBytes(32).toString('base64url');
      const t = now();
      const record: SessionRecord = {
        tokenHash: hashToken(token),
        ...input,
        csrf: csrfOf(token),
        createdAt: t,
        lastSeenAt: t,
        locked: false,
      };
      const live = await liveOf(input.userId);
      const keep: string[] = [];
      for (const other of live) {
        if (!opts.concurrent && other.terminal === input.terminal) await end(other, 'elsewhere');
        else keep.push(other.tokenHash);
      }
      await save(record);
      await setUserHashes(input.userId, [...keep, record.tokenHash]);
      return { token, record };
    },

    /**
     * Whether a session may still receive pushed data, without touching it: a long-lived stream
     * asks this now and then, and must neither keep an idle session alive nor outlive a logout, a
     * kick-out, an expiry or a screen lock (the unlocked page connects again).
     */
    async isLive(tokenHash: string): Promise<boolean> {
      const record = await load(tokenHash);
      if (!record || record.ended || record.locked) return false;
      const idle = now() - record.lastSeenAt;
      if (opts.lockIdleMs > 0 && idle > opts.lockIdleMs) return false;
      return now() - record.createdAt <= opts.absoluteMs && idle <= opts.idleMs;
    },
    /** Finds the live session of a token, applying the idle lock and touching it. */
    async resolve(token: string): Promise<Resolved> {
      const record = await load(hashToken(token));
      if (!record) return { ok: false, error: 'SESSION_EXPIRED' };
      if (record.ended) return { ok: false, error: END_CODES[record.ended] };
      const t = now();
      // The store's own expiry does the same; checking here keeps the rule independent of the store.
      if (t - record.createdAt > opts.absoluteMs || t - record.lastSeenAt > opts.idleMs) {
        await end(record, 'logout');
        return { ok: false, error: 'SESSION_EXPIRED' };
      }
      let dirty = t - record.lastSeenAt > TOUCH_EVERY_MS;
      if (opts.lockIdleMs > 0 && !record.locked && t - record.lastSeenAt > opts.lockIdleMs) {
        record.locked = true;
        dirty = true;
      }
      if (dirty) {
        record.lastSeenAt = t;
        await save(record);
      }
      return { ok: true, session: record };
    },

    async setLocked(record: SessionRecord, locked: boolean): Promise<void> {
      record.locked = locked;
      record.lastSeenAt = now();
      await save(record);
    },

    /** Ends one session (logout). */
    async endOne(record: SessionRecord): Promise<void> {
      await end(record, 'logout');
      await setUserHashes(
        record.userId,
        (await userHashes(record.userId)).filter((h) => h !== record.tokenHash),
      );
    },

    /** Ends every session of a user (kick-out, password change, disabling); returns how many. */
    async endAllOf(userId: number, reason: EndReason, exceptHash?: string): Promise<number> {
      let count = 0;
      const keep: string[] = [];
      for (const record of await liveOf(userId)) {
        if (record.tokenHash === exceptHash) keep.push(record.tokenHash);
        else {
          await end(record, reason);
          count++;
        }
      }
      await setUserHashes(userId, keep);
      return count;
    },

    /** Every live session (the back office's online list). */
    async listLive(): Promise<SessionRecord[]> {
      const out: SessionRecord[] = [];
      for (const k of await kv.keys('sess:')) {
        const record = await load(k.slice('sess:'.length));
        if (record && !record.ended) out.push(record);
      }
      return out;
    },
  };
}
export type Sessions = ReturnType<typeof createSessions>;
