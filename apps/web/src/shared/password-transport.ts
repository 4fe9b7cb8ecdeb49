import { accountRoutes } from '@portal/contracts/routes/account';
import { ENCRYPTED_PREFIX } from '@portal/contracts/validation-rules';
import { call } from '../api/client';

const toBytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const toBase64 = (bytes: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** Encrypts one value with RSA-OAEP (SHA-256) under an SPKI public key, as the server expects it. */
export async function sealPassword(plain: string, key: { key1: string; key2: string }): Promise<string> {
  const publicKey = await crypto.subtle.importKey('spki', toBytes(key.key1), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const sealed = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, new TextEncoder().encode(plain));
  return `${ENCRYPTED_PREFIX}${key.key2}:${toBase64(sealed)}`;
}

/**
 * What a password field sends: the plain value inside TLS, or with
 * webEncryptType=rsa the value sealed under the server's current key (`rsa:<key id>:<base64>`).
 * The key is fetched per submit, so a form left open for hours still uses a live key.
 */
export function createPasswordTransport(mode: 'none' | 'rsa'): (plain: string) => Promise<string> {
  if (mode === 'none') return async (plain) => plain;
  return async (plain) => sealPassword(plain, await call(accountRoutes.getSecurityKey, { quiet: true }));
}
