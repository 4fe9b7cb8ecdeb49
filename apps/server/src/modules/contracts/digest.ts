import { createHash } from 'node:crypto';

/** SHA-256 (hex) of a file's bytes: what the order's record and the public check name a contract file by. */
export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
