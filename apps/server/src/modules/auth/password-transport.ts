import { constants, generateKeyPair, privateDecrypt, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import type { z } from 'zod';
import type { SecurityKey } from '@portal/contracts/account';
import { DEFAULT_LANG, type Lang } from '@portal/contracts/i18n';
import { VALIDATION_REASONS, reasonOf } from '@portal/contracts/validation-messages';
import { ENCRYPTED_PREFIX, isEncryptedPassword } from '@portal/contracts/validation-rules';
import { AppError, invalidField } from '../../platform/errors';
import type { KvStore } from '../../platform/kv';

const generate = promisify(generateKeyPair);

/** A key is handed out for 12 hours and still decrypts for 36, so a form left open keeps working. */
const HAND_OUT_MS = 12 * 3600_000;
const KEEP_MS = 36 * 3600_000;
const CURRENT = 'rsa-current';
const keyOf = (id: string) => `rsa-key:${id}`;

interface StoredKey {
  publicKey: string;
  privateKey: string;
}

/**
 * Password fields in transit. With `webEncryptType=rsa` the browser encrypts
 * each password field with RSA-OAEP (SHA-256) under a key from POST /omc/getSecurityKey and sends
 * `rsa:<key id>:<base64>`. Keys live in the shared store so every instance can decrypt.
 */
export function createPasswordTransport(kv: KvStore, opts: { mode: 'none' | 'rsa' }) {
  async function currentKey(): Promise<SecurityKey> {
    const id = await kv.get(CURRENT);
    const stored = id ? await kv.get(keyOf(id)) : undefined;
    if (id && stored) return { key1: (JSON.parse(stored) as StoredKey).publicKey, key2: id };
    const pair = await generate('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const fresh = randomBytes(8).toString('hex');
    const value: StoredKey = { publicKey: Buffer.from(pair.publicKey).toString('base64'), privateKey: pair.privateKey };
    await kv.set(keyOf(fresh), JSON.stringify(value), KEEP_MS);
    await kv.set(CURRENT, fresh, HAND_OUT_MS);
    return { key1: value.publicKey, key2: fresh };
  }

  async function decrypt(value: string): Promise<string> {
    const rest = value.slice(ENCRYPTED_PREFIX.length);
    const sep = rest.indexOf(':');
    const stored = sep > 0 ? await kv.get(keyOf(rest.slice(0, sep))) : undefined;
    if (!stored) throw new AppError('SECURITY_KEY_INVALID');
    try {
      const plain = privateDecrypt(
        { key: (JSON.parse(stored) as StoredKey).privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(rest.slice(sep + 1), 'base64'),
      );
      return new TextDecoder('utf-8', { fatal: true }).decode(plain);
    } catch {
      throw new AppError('SECURITY_KEY_INVALID');
    }
  }

  return {
    mode: opts.mode,
    /** The key the browser encrypts with (answers POST /omc/getSecurityKey). */
    publicKey: currentKey,

    /**
     * The plain value of a password field: decrypted when encrypted, refused when plain while the
     * mode is `rsa`, then checked against `rule`. Refusals are 400 naming `field` in `lang`.
     */
    async reveal(field: string, value: string, options: { rule?: z.ZodType<string>; lang?: Lang } = {}): Promise<string> {
      const lang = options.lang ?? DEFAULT_LANG;
      let plain = value;
      if (isEncryptedPassword(value)) plain = await decrypt(value);
      else if (opts.mode === 'rsa') throw invalidField(field, VALIDATION_REASONS.mustBeEncrypted[lang]);
      const parsed = options.rule?.safeParse(plain);
      if (parsed && !parsed.success) throw invalidField(field, VALIDATION_REASONS[reasonOf(parsed.error.issues[0]!)][lang]);
      return plain;
    },
  };
}
export type PasswordTransport = ReturnType<typeof createPasswordTransport>;
