#!/usr/bin/env node
// Installs what is missing before `npm start` / `npm test`, using nothing but Node itself:
// `npm ci` when node_modules is absent or older than the lock file, with --browser Debian's
// Chromium and CJK fonts for the browser tests (and pdfsig, certutil for the signed contracts'
// test), and with --proxy Debian's HAProxy for the test of nodes behind it (.ci/run's fault pass;
// the test runs its own haproxy, never the system service).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });
const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

const lock = path.join(root, 'package-lock.json');
const modules = path.join(root, 'node_modules');
const installed = path.join(modules, '.package-lock.json');
// A node_modules that links to another checkout's (a git worktree sharing it) is that checkout's
// to install: `npm ci` here would empty it under everyone using it.
const linked = fs.existsSync(modules) && fs.lstatSync(modules).isSymbolicLink();
if (!linked && (!fs.existsSync(installed) || mtime(installed) < mtime(lock))) {
  console.log('[setup] installing dependencies (npm ci)…');
  run('npm ci --no-audit --no-fund');
}

/** Debian packages whose files are missing, installed in one go. */
function aptInstall(wanted) {
  const missing = wanted.filter(([, present]) => !present()).map(([name]) => name);
  if (missing.length === 0) return;
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  console.log(`[setup] installing ${missing.join(' ')} from Debian…`);
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${missing.join(' ')}`);
}

const wanted = [];
if (process.argv.includes('--browser')) {
  const cjkFont = ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.otf'];
  wanted.push(['chromium', () => fs.existsSync('/usr/bin/chromium')], ['fonts-noto-cjk', () => cjkFont.some((f) => fs.existsSync(f))]);
  // The signed contracts' test checks them with an independent verifier (pdfsig) against an NSS
  // database trusting the platform's CA (made with certutil).
  wanted.push(['poppler-utils', () => fs.existsSync('/usr/bin/pdfsig')], ['libnss3-tools', () => fs.existsSync('/usr/bin/certutil')]);
}
if (process.argv.includes('--proxy')) wanted.push(['haproxy', () => fs.existsSync('/usr/sbin/haproxy')]);
aptInstall(wanted);
