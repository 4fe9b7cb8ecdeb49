#!/usr/bin/env node
// Web speed: what a first visit to /index, /onListing and /login downloads, and Lighthouse (mobile).
//
//   node bench/web-bundle.mjs                 # bundle sizes and Lighthouse, 3 Lighthouse runs per page
//   node bench/web-bundle.mjs --runs 5        # more Lighthouse runs (the median is reported)
//   node bench/web-bundle.mjs --no-lighthouse # bundle sizes only
//   node bench/web-bundle.mjs --no-build      # measure the builds as they are
//
// It builds what is stale (scripts/build.mjs), starts the production build of the server on a free
// port with a fresh SQLite database and the demo data, and opens each page in Debian's Chromium
// (CHROME_PATH, default /usr/bin/chromium) with an empty cache. Every JavaScript response up to
// network idle counts: the entry, the lazily imported chunks the route pulls, and their imports.
// "gzip" is each body compressed with gzip -9 (what the server's .gz files hold); "sent" is what
// actually crossed the wire (Chromium asks for brotli, so that is the .br size). Targets (issue 5):
// gzip <= 250 KB per page; Lighthouse performance >= 90 and accessibility >= 95.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const withLighthouse = !args.includes('--no-lighthouse');
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Math.max(1, Number(args[runsArg + 1]) || 3) : 3;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const PAGES = ['/index', '/onListing', '/login'];
const BUDGET_KB = 250;

const kb = (bytes) => (bytes / 1024).toFixed(1);

async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitFor(url, ms) {
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

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
  const port = await freePort();
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'w');
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DEMO_DATA: 'on',
      SMS_PROVIDER: 'outbox',
      TEST_HOOKS: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', log, log],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/healthz`, 60_000);
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens `url` in a fresh context and sums every JavaScript response until the network is idle. */
async function measureJs(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 820 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || /\.m?js(\?|$)/.test(response.url())) scripts.push(response);
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const rows = [];
  for (const response of scripts) {
    const body = await response.body();
    const sizes = await response.request().sizes();
    rows.push({
      file: new URL(response.url()).pathname.replace(/^\/assets\//, ''),
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      sent: sizes.responseBodySize,
      encoding: response.headers()['content-encoding'] ?? 'identity',
    });
  }
  const finalPath = new URL(page.url()).pathname;
  await context.close();
  return { rows, finalPath };
}

async function runLighthouse(url) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const scores = [];
  for (let i = 0; i < runs; i += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      const lhr = result.lhr;
      const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
      scores.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
        cls: metric('cumulative-layout-shift'),
        si: metric('speed-index'),
        failing: Object.values(lhr.audits)
          .filter(
            (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0),
          )
          .map((a) => a.id),
      });
    } finally {
      await chrome.kill();
    }
  }
  scores.sort((a, b) => a.performance - b.performance);
  return { median: scores[Math.floor(scores.length / 2)], all: scores };
}

if (!args.includes('--no-build')) {
  const { execSync } = await import('node:child_process');
  execSync('node scripts/build.mjs', { cwd: root, stdio: 'inherit' });
}

const server = await startServer();
const { chromium } = await import('playwright-core');
const browser = await chromium.launch({ executablePath: chromePath, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const summary = [];
try {
  console.log(`\nJavaScript a first visit downloads (server ${server.base}, empty cache)\n`);
  for (const pagePath of PAGES) {
    const { rows, finalPath } = await measureJs(browser, server.base + pagePath);
    const total = rows.reduce((acc, r) => ({ raw: acc.raw + r.raw, gzip: acc.gzip + r.gzip, sent: acc.sent + r.sent }), {
      raw: 0,
      gzip: 0,
      sent: 0,
    });
    const redirected = finalPath !== pagePath ? ` (ended on ${finalPath})` : '';
    console.log(
      `${pagePath}${redirected}: ${rows.length} files, raw ${kb(total.raw)} KB, gzip ${kb(total.gzip)} KB, sent ${kb(total.sent)} KB`,
    );
    for (const r of rows.sort((a, b) => b.gzip - a.gzip))
      console.log(
        `    ${r.file.padEnd(48)} raw ${kb(r.raw).padStart(7)}  gzip ${kb(r.gzip).padStart(6)}  sent ${kb(r.sent).padStart(6)} ${r.encoding}`,
      );
    summary.push({ page: pagePath, finalPath, files: rows.length, ...total });
  }

  if (withLighthouse) {
    console.log(`\nLighthouse 12 (mobile, simulated throttling), median of ${runs} run(s)\n`);
    for (const row of summary) {
      const { median, all } = await runLighthouse(server.base + row.page);
      Object.assign(row, median);
      console.log(
        `${row.page}: performance ${median.performance}, accessibility ${median.accessibility}, FCP ${Math.round(median.fcp)} ms, ` +
          `LCP ${Math.round(median.lcp)} ms, TBT ${Math.round(median.tbt)} ms, CLS ${median.cls.toFixed(3)}, SI ${Math.round(median.si)} ms` +
          (median.failing.length ? `; accessibility audits not passed: ${median.failing.join(', ')}` : '') +
          `  [performance of each run: ${all.map((s) => s.performance).join(', ')}]`,
      );
    }
  }

  console.log(
    '\n| Page | JS files | JS raw (KB) | JS gzip (KB) | JS sent, brotli (KB) | Within 250 KB |' +
      (withLighthouse ? ' Performance | Accessibility | LCP (ms) | TBT (ms) | CLS |' : ''),
  );
  console.log('|---|---|---|---|---|---|' + (withLighthouse ? '---|---|---|---|---|' : ''));
  for (const r of summary) {
    const base = `| ${r.page}${r.finalPath !== r.page ? ` (→ ${r.finalPath})` : ''} | ${r.files} | ${kb(r.raw)} | ${kb(r.gzip)} | ${kb(r.sent)} | ${r.gzip <= BUDGET_KB * 1024 ? 'yes' : 'no'} |`;
    console.log(
      base +
        (withLighthouse
          ? ` ${r.performance} | ${r.accessibility} | ${Math.round(r.lcp)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} |`
          : ''),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
