import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { TEMPLATES_ENV, admin } from './pg-template';

/**
 * The server suite's set-up: on PostgreSQL, this run's template databases, made once before the
 * workers start (they inherit the names through the environment) and dropped when the run ends.
 */
export default function setup(): (() => Promise<void>) | undefined {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!pgUrl) return undefined;
  const root = path.resolve(import.meta.dirname, '../../../..');
  const out = execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/test/prepare-templates.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const value = out.trim().split('\n').pop()!;
  process.env[TEMPLATES_ENV] = value;
  return () =>
    admin(pgUrl, async (client) => {
      for (const name of Object.values(JSON.parse(value) as Record<string, string>)) {
        await client.query(`drop database if exists ${name} with (force)`);
      }
    });
}
