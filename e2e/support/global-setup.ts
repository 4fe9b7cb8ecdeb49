import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: worker n (VITEST_POOL_ID) drives baseURLs[n - 1]. */
    baseURLs: string[];
  }
}

/**
 * How many journeys run at once, each worker against a server and database of its own: while one
 * waits on the real clock (an auction's start, a carousel's turn), the other works.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

const root = path.resolve(__dirname, '../..');
const servers: { child: ChildProcess; dataDir: string }[] = [];

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the production build on a free port with a fresh SQLite database and demo data. */
async function startServer(): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  const port = await freePort();
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'w');
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
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
      // The journeys pay orders right after confirmation; the contract journeys sign without the gate.
      CONTRACT_PAYMENT_GATE: 'off',
      ACCOUNT_CHECKS_PER_IP_PER_HOUR: '10000',
      ACCOUNT_CHECKS_PER_ACCOUNT_PER_HOUR: '10000',
    },
    stdio: ['ignore', log, log],
  });
  servers.push({ child, dataDir });
  const baseURL = `http://127.0.0.1:${port}`;
  // A first start migrates and plays the demo stories: on two busy cores that can take a minute.
  await waitFor(`${baseURL}/healthz`, 120_000);
  return baseURL;
}

export async function setup(project: TestProject): Promise<void> {
  const baseURLs = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  project.provide('baseURLs', baseURLs);
}

export async function teardown(): Promise<void> {
  for (const { child } of servers) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  for (const { dataDir } of servers) fs.rmSync(dataDir, { recursive: true, force: true });
}
