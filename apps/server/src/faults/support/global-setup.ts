import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../../../../..');
/**
 * Where the fault tests' server build goes: the production bundle, made fresh for the run, beside
 * the server's own build (its dependencies resolve from apps/server; no web app is found from there).
 */
export const SERVER_BUNDLE = path.join(root, 'apps/server/dist/faults/main.js');

/**
 * Builds the server as `node scripts/build.mjs` does (esbuild, dependencies left to node_modules),
 * without the web app the fault tests do not use: the nodes under test are real processes of it.
 */
export async function setup(): Promise<void> {
  const pkg = (p: string) =>
    JSON.parse(fs.readFileSync(path.join(root, p, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
  const external = [...Object.keys(pkg('apps/server').dependencies), ...Object.keys(pkg('packages/contracts').dependencies)].filter(
    (name) => name !== '@portal/contracts',
  );
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
}
