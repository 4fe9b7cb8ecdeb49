#!/usr/bin/env node
// Installs what is missing before `npm start` / `npm test`, using nothing but Node itself:
// `npm ci` when node_modules is absent or older than the lock file, and with --browser
// Debian's Chromium and CJK fonts for the browser tests.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');
if (!fs.existsSync(installed) || mtime(installed) < mtime(lock)) {
  console.log('[setup] installing dependencies (npm ci)…');
  run('npm ci --no-audit --no-fund');
}

if (process.argv.includes('--browser')) {
  const chromium = '/usr/bin/chromium';
  const cjkFont = ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.otf'];
  const missing = [];
  if (!fs.existsSync(chromium)) missing.push('chromium');
  if (!cjkFont.some((f) => fs.existsSync(f))) missing.push('fonts-noto-cjk');
  if (missing.length > 0) {
    const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
    console.log(`[setup] installing ${missing.join(' ')} from Debian…`);
    run(`${sudo}apt-get update -qq`);
    run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`);
  }
}
