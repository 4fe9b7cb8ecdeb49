#!/usr/bin/env node
// `npm start`: installs what is missing, builds what is stale, then runs the server. Each step is a
// child process; a SIGTERM, SIGINT or SIGHUP sent to this process (or to the whole process group,
// as a service manager does) reaches the running step, and this process ends with the server's
// own exit code once it has drained and closed its databases. A shell between npm and the server
// may not pass signals on.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FORWARDED = ['SIGTERM', 'SIGINT', 'SIGHUP'];

let current = null;
let stopping = false;
for (const signal of FORWARDED) {
  process.on(signal, () => {
    stopping = true;
    // A signal sent to the whole group reached the child already; a second one changes nothing there.
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
  });
}

/** Runs `node <script> ...args` to its end; resolves with its exit code (128 + signal number when killed). */
function run(script, args = []) {
  return new Promise((resolve) => {
    current = spawn(process.execPath, [path.join(root, script), ...args], { cwd: root, stdio: 'inherit' });
    current.on('exit', (code, signal) => resolve(code ?? 128 + (os.constants.signals[signal] ?? 0)));
    current.on('error', (err) => {
      process.stderr.write(`[start] ${script}: ${err.message}\n`);
      resolve(1);
    });
  });
}

for (const step of ['scripts/setup.mjs', 'scripts/build.mjs']) {
  const code = await run(step);
  if (code !== 0) process.exit(code);
  // Asked to stop before the server ran: nothing to drain.
  if (stopping) process.exit(0);
}
process.exit(await run('apps/server/dist/main.js'));
