import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');
/** The configuration operators install (ops/haproxy.cfg); tests and benches run it with their own addresses. */
export const HAPROXY_CFG = path.join(root, 'ops/haproxy.cfg');
export const HAPROXY_BIN = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p)) ?? 'haproxy';

/**
 * ops/haproxy.cfg as a test runs it: the same frontends, backends, checks and timeouts, but
 * listening on `port` (the stats page on `statsPort`), its `server nodeN` lines pointing at `nodes`
 * in order, in the foreground without a chroot, user switch or log socket (none of which a test
 * machine has for it), logging to stdout.
 */
export function renderHaproxyConfig(opts: { port: number; statsPort: number; nodes: string[] }): string {
  const text = fs.readFileSync(HAPROXY_CFG, 'utf8');
  let section = '';
  const out: string[] = [];
  for (const line of text.split('\n')) {
    const head = /^(global|defaults|frontend|backend|listen)\b\s*(\S*)/.exec(line);
    if (head) section = `${head[1]} ${head[2]}`.trim();
    const t = line.trim();
    if (section === 'global' && /^(log|chroot|stats socket|stats timeout|user|group|daemon)\b/.test(t)) continue;
    if (section === 'frontend portal' && t.startsWith('bind ')) {
      out.push(`    bind 127.0.0.1:${opts.port}`);
      continue;
    }
    if (section === 'frontend stats' && t.startsWith('bind ')) {
      out.push(`    bind 127.0.0.1:${opts.statsPort}`);
      continue;
    }
    const server = /^(\s*server\s+node(\d+)\s+)\S+(.*)$/.exec(line);
    if (server) {
      const address = opts.nodes[Number(server[2]) - 1];
      // Nodes past those given are left out, with the tracks that name them.
      if (address) out.push(`${server[1]}${address}${server[3]}`);
      continue;
    }
    out.push(line);
    if (section === 'global' && t === 'global') out.push('    log stdout format raw local0 notice');
  }
  return out.join('\n');
}

/** A running HAProxy (`haproxy -f cfg -db`, a child process) in front of test nodes. */
export interface Haproxy {
  url: string;
  child: ChildProcess;
  /** What the proxy thinks of each node: 'UP', 'DOWN', 'MAINT', 'no check'… by server name (node1, node2…). */
  states(): Promise<Record<string, string>>;
  /** Waits until the proxy's checks have the node at `status` ('UP' or 'DOWN'). */
  waitFor(server: string, status: 'UP' | 'DOWN', ms?: number): Promise<number>;
  log(): string;
  stop(): Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startHaproxy(opts: { port: number; statsPort: number; nodes: string[] }): Promise<Haproxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, renderHaproxyConfig(opts));
  const logFile = path.join(dir, 'haproxy.log');
  const out = fs.openSync(logFile, 'a');
  const child = spawn(HAPROXY_BIN, ['-f', cfg, '-db'], { stdio: ['ignore', out, out] });
  fs.closeSync(out);
  const log = () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : '');
  const statsUrl = `http://127.0.0.1:${opts.statsPort}/stats;csv`;
  const states = async (): Promise<Record<string, string>> => {
    const csv = await (await fetch(statsUrl)).text();
    const result: Record<string, string> = {};
    for (const row of csv.split('\n')) {
      const cells = row.split(',');
      // pxname,svname,…,status is the 18th column.
      if (cells[0] === 'nodes' && cells[1]?.startsWith('node')) result[cells[1]] = cells[17] ?? '';
    }
    return result;
  };
  const proxy: Haproxy = {
    url: `http://127.0.0.1:${opts.port}`,
    child,
    states,
    async waitFor(server, status, ms = 30_000) {
      const started = Date.now();
      for (;;) {
        const now = await states().catch(() => ({}) as Record<string, string>);
        // 'UP 1/2' and 'DOWN 1/2' are on their way; only the settled state counts.
        if (now[server] === status) return Date.now() - started;
        if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode})\n${log()}`);
        if (Date.now() - started > ms)
          throw new Error(`haproxy: ${server} not ${status} within ${ms} ms (${JSON.stringify(now)})\n${log()}`);
        await pause(50);
      }
    },
    log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    for (let i = 0; i < opts.nodes.length; i++) await proxy.waitFor(`node${i + 1}`, 'UP');
  } catch (err) {
    await proxy.stop();
    throw err;
  }
  return proxy;
}
