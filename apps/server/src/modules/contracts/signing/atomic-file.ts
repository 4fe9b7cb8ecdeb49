import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** The steps of an atomic write, replaceable in a test that stops between them. */
export interface AtomicFileSteps {
  afterTemporaryWritten?: (temporary: string) => Promise<void> | void;
}

/**
 * Writes a file so that a crash leaves either the old or the new content, never a part: the bytes
 * go to a temporary file beside it, which is flushed to disk and then renamed over the file (a
 * rename within a folder is atomic); the folder is flushed too, so the rename itself survives.
 */
export async function writeFileAtomic(file: string, bytes: Uint8Array, steps: AtomicFileSteps = {}): Promise<void> {
  const folder = path.dirname(file);
  const temporary = path.join(folder, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await fs.open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await steps.afterTemporaryWritten?.(temporary);
    await fs.rename(temporary, file);
  } catch (err) {
    await fs.rm(temporary, { force: true });
    throw err;
  }
  const dir = await fs.open(folder, 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
