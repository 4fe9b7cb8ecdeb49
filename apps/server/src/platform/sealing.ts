import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Sealing of content nobody may read before its time (tender bids until the opening): AES-256-GCM
 * with a key kept outside the database, either given as a setting or in a key file beside the data.
 * Every ciphertext carries the id of the key that sealed it, so several keys may be readable while
 * a rotation re-seals the rows under the new one. The associated data binds a ciphertext to its
 * row, so a ciphertext copied onto another bid does not open.
 */

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SealKeys {
  /** The key new content is sealed with. */
  currentId: string;
  keys: Map<string, Buffer>;
}

export interface Sealer {
  /** Seals `plain` under the current key; `aad` names the row it belongs to. */
  seal(plain: string, aad: string): { keyId: string; sealed: string };
  /** Opens what `seal` made; throws when the key is unknown, the content was changed or `aad` differs. */
  open(keyId: string, sealed: string, aad: string): string;
  currentKeyId(): string;
}

/** A key's id: derived from the key, so the same key always has the same id and reveals nothing of it. */
export function keyIdOf(key: Buffer): string {
  return `k${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

/** A key given as a setting: base64 of exactly 32 bytes; `what` names the setting in the error. */
export function decodeKey(text: string, what: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${what} must be ${KEY_BYTES} bytes in base64`);
  return key;
}

interface KeyFile {
  current: string;
  keys: Record<string, string>;
}

/** Reads the key file, creating it (one new key, mode 0600) when it does not exist. */
export function readOrCreateKeyFile(file: string): SealKeys {
  if (!fs.existsSync(file)) {
    const key = randomBytes(KEY_BYTES);
    const id = keyIdOf(key);
    writeKeyFile(file, { current: id, keys: { [id]: key.toString('base64') } });
  }
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as KeyFile;
  const keys = new Map(Object.entries(parsed.keys).map(([id, text]) => [id, decodeKey(text, `key ${id} in ${file}`)]));
  if (!keys.has(parsed.current)) throw new Error(`${file}: the current key ${parsed.current} is missing`);
  return { currentId: parsed.current, keys };
}

function writeKeyFile(file: string, content: KeyFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  fs.chmodSync(file, 0o600);
}

/** Adds a new key to the key file and makes it current; the old keys stay readable. Answers the new id. */
export function addKeyToFile(file: string): string {
  const existing = readOrCreateKeyFile(file);
  const key = randomBytes(KEY_BYTES);
  const id = keyIdOf(key);
  const keys = Object.fromEntries([...existing.keys].map(([k, v]) => [k, v.toString('base64')]));
  writeKeyFile(file, { current: id, keys: { ...keys, [id]: key.toString('base64') } });
  return id;
}

/** Removes from the key file every key except the current one (after a rotation re-sealed every row). */
export function dropOldKeysFromFile(file: string): string[] {
  const existing = readOrCreateKeyFile(file);
  const dropped = [...existing.keys.keys()].filter((id) => id !== existing.currentId);
  writeKeyFile(file, {
    current: existing.currentId,
    keys: { [existing.currentId]: existing.keys.get(existing.currentId)!.toString('base64') },
  });
  return dropped;
}

/** Where the keys come from: the TENDER_SEAL_KEY setting (with older keys still readable), else the key file. */
export function sealKeySource(s: {
  TENDER_SEAL_KEY: string;
  TENDER_SEAL_OLD_KEYS: string;
  TENDER_SEAL_KEY_FILE: string;
  DATA_DIR: string;
}) {
  const file = s.TENDER_SEAL_KEY_FILE || path.resolve(s.DATA_DIR, 'tender-seal.key');
  return (): SealKeys => {
    if (!s.TENDER_SEAL_KEY) return readOrCreateKeyFile(file);
    const current = decodeKey(s.TENDER_SEAL_KEY, 'TENDER_SEAL_KEY');
    const keys = new Map<string, Buffer>([[keyIdOf(current), current]]);
    for (const text of s.TENDER_SEAL_OLD_KEYS.split(',').filter((t) => t.trim())) {
      const old = decodeKey(text, 'TENDER_SEAL_OLD_KEYS');
      keys.set(keyIdOf(old), old);
    }
    return { currentId: keyIdOf(current), keys };
  };
}

/** The key file the settings point at (for the rotation command). */
export function sealKeyFile(s: { TENDER_SEAL_KEY_FILE: string; DATA_DIR: string }): string {
  return s.TENDER_SEAL_KEY_FILE || path.resolve(s.DATA_DIR, 'tender-seal.key');
}

/**
 * A sealer over keys loaded on first use: a server that never seals anything never creates or
 * reads a key file. Sealing reads the keys again each time (a rotation's new key is used at once,
 * without a restart); opening keeps them, reading again only for a key id it does not know.
 */
export function createSealer(load: () => SealKeys): Sealer {
  let loaded: SealKeys | null = null;
  const keys = () => (loaded ??= load());
  const fresh = () => (loaded = load());
  return {
    currentKeyId: () => keys().currentId,
    seal(plain, aad) {
      const { currentId, keys: all } = fresh();
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', all.get(currentId)!, iv);
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return { keyId: currentId, sealed: Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64') };
    },
    open(keyId, sealed, aad) {
      const key = keys().keys.get(keyId) ?? fresh().keys.get(keyId);
      if (!key) throw new Error(`sealing key ${keyId} is not available`);
      const raw = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    },
  };
}
