import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let known: string | null = null;

/**
 * The server's version (apps/server/package.json), found upward from this file: it sits two folders
 * below in the sources and one below in the bundle (dist/main.js).
 */
export function serverVersion(): string {
  if (known !== null) return known;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth++) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === '@portal/server' && pkg.version) return (known = pkg.version);
    }
    dir = path.dirname(dir);
  }
  return (known = 'unknown');
}
