import { createHash } from 'node:crypto';

/**
 * Hash chains: each record's digest covers the digest before it, so changing, inserting or
 * deleting a record breaks every digest after it. The auction's bid chain and the tender's record
 * chain are both built from these.
 */

/** The digest before a chain's first record. */
export const GENESIS_DIGEST = '0'.repeat(64);

/** SHA-256 hex of a text. */
export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** JSON with object keys sorted at every level: the one text a digest is taken of. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A record's digest: SHA-256(previous digest + the record's canonical text), hex. */
export const linkDigest = (previous: string, content: string): string => sha256(previous + content);
