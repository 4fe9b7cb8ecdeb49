import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = path.resolve(__dirname, '../..');
let server: ChildProcess | undefined;
let dataDir = '';

async function waitFor(url: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}`);
}

/** Starts the production build on a free port with a fresh SQLite database and demo data. */
export async function setup(project: TestProject): Promise<void> {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const port = 18000 + Math.floor(Math.random() * 2000);
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'w');
  server = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TEST_HOOKS: 'on',
      CAPTCHA_TEST_CODE: 'ABCD',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Every journey comes from one address; the per-address limits are tested in the server suite.
      LOGIN_PER_IP_PER_MINUTE: '1000',
      CODES_PER_IP_PER_MINUTE: '1000',
      SMS_PER_IP_DAY: '10000',
      ACCOUNT_CHECKS_PER_IP_PER_HOUR: '10000',
      ACCOUNT_CHECKS_PER_ACCOUNT_PER_HOUR: '10000',
    },
    stdio: ['ignore', log, log],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  // A first start migrates and plays the demo stories: on two busy cores that can take a minute.
  await waitFor(`${baseURL}/healthz`, 120_000);
  project.provide('baseURL', baseURL);
}

export async function teardown(): Promise<void> {
  server?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
