#!/usr/bin/env node
// Builds what is missing or stale: the server bundle (esbuild) and the web app (Vite).
// `--force` rebuilds both. Staleness is judged by source modification times against a stamp.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');

function newest(paths) {
  let max = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else max = Math.max(max, st.mtimeMs);
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return max;
}

function stale(stamp, sources) {
  const stampFile = path.join(root, stamp);
  return force || !fs.existsSync(stampFile) || fs.statSync(stampFile).mtimeMs < newest(sources);
}

function touch(stamp) {
  fs.writeFileSync(path.join(root, stamp), new Date().toISOString());
}

const shared = ['packages/contracts/src', 'package-lock.json'];

if (stale('apps/server/dist/.stamp', ['apps/server/src', 'apps/server/package.json', ...shared])) {
  console.log('[build] server…');
  const { build } = await import('esbuild');
  const pkg = (p) => JSON.parse(fs.readFileSync(path.join(root, p, 'package.json'), 'utf8'));
  const external = [...Object.keys(pkg('apps/server').dependencies), ...Object.keys(pkg('packages/contracts').dependencies)].filter(
    (name) => name !== '@portal/contracts',
  );
  fs.rmSync(path.join(root, 'apps/server/dist'), { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: path.join(root, 'apps/server/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
  });
  touch('apps/server/dist/.stamp');
}

if (stale('apps/web/dist/.stamp', ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/public', ...shared])) {
  console.log('[build] web…');
  // Twice: the first build notes which modules each first screen's page loads, the second groups
  // them into files by it (apps/web/vite.config.ts, startParts).
  execSync('npx vite build --logLevel warn', {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, FIRST_SCREEN_NOTES: 'write' },
  });
  execSync('npx vite build --logLevel warn', { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  // The first screens the server renders (decision 064): the same pages, built as a Node module.
  execSync('npx vite build --logLevel warn --ssr src/app/first-screen.server.tsx', { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
  touch('apps/web/dist/.stamp');
}
