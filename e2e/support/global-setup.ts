import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { signedInCall } from './signed-in-call';

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
      ACCOUNT_CHECKS_PER_IP_PER_HOUR: '10000',
      ACCOUNT_CHECKS_PER_ACCOUNT_PER_HOUR: '10000',
    },
    stdio: ['ignore', log, log],
  });
  servers.push({ child, dataDir });
  const baseURL = `http://127.0.0.1:${port}`;
  // A first start migrates and plays the demo stories: on two busy cores that can take a minute.
  await waitFor(`${baseURL}/healthz`, 120_000);
  await signingNotRequired(baseURL);
  return baseURL;
}

/**
 * The journeys pay their orders right after confirmation: the operator turns off the platform-wide
 * rule that payment waits for the signed contract, as an operator would on the signing settings.
 * The contract journey turns it on for its own market while it runs (a worker runs one file at a
 * time on its server).
 */
async function signingNotRequired(baseURL: string): Promise<void> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox'],
  });
  try {
    const page = await (await browser.newContext({ baseURL, locale: 'zh-CN' })).newPage();
    await page.goto('/login');
    await page.getByLabel('用户名').fill('admin');
    await page.getByRole('textbox', { name: /^密码$/ }).fill('Admin@2026');
    await page.getByRole('textbox', { name: /验证码/ }).fill('ABCD');
    await page.getByRole('button', { name: /登\s?录$/ }).click();
    await page.waitForURL('**/mainIndex');
    const answer = await signedInCall(page, '/commtrade/ws/contract/setting/save', {
      marketId: '',
      signingRequired: false,
      signingHours: 48,
    });
    if (answer.return_code !== '0') throw new Error(`signing settings refused: ${JSON.stringify(answer)}`);
  } finally {
    await browser.close();
  }
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
