import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

/**
 * How one request ended: an answer; refused (the connection was not accepted, or accepted but closed
 * unread when the server stopped: the server never started the request, so a client can send it
 * again); or failed in another way.
 */
type Outcome = { status: number } | { refused: true } | { failed: string };

/** One request on a connection of its own: its status, or how it failed. */
function request(port: number, method: string, url: string, body?: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, agent: false, headers: { 'content-type': 'application/json' } });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
      res.on('error', (err) => resolve({ failed: `${url}: ${err.message}` }));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'ECONNREFUSED' || err.code === 'ECONNRESET' ? { refused: true } : { failed: `${url}: ${err.message}` }),
    );
    req.end(body);
  });
}

/**
 * A request whose body arrives in two parts: the head and the first part at once, the rest when
 * `finish` is called. In between it is in flight, and stays so while the server is told to stop.
 */
function slowRequest(port: number): { answer: Promise<Outcome>; finish: () => void } {
  const body = JSON.stringify({ account: 'admin', password: 'x', check_code: 'ABCD', req_code_session_id: 'none' });
  const socket = net.connect(port, '127.0.0.1', () => {
    socket.write(
      `POST /omc/submitLogin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 10));
  });
  const answer = new Promise<Outcome>((resolve) => {
    let text = '';
    let error = '';
    socket.on('data', (chunk) => (text += chunk.toString('latin1')));
    socket.on('error', (err) => (error = err.message));
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(text)?.[1];
      resolve(status ? { status: Number(status) } : { failed: `slow request: no answer (${error}; ${text.slice(0, 200)})` });
    });
  });
  return { answer, finish: () => socket.write(body.slice(10)) };
}

async function waitForHealth(port: number, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const outcome = await request(port, 'GET', '/healthz');
    if ('status' in outcome && outcome.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not start');
}

describe('npm start and SIGTERM', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-shutdown-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('drains the requests in flight, closes the databases and exits 0 when its process group gets SIGTERM', async () => {
    const port = 20000 + Math.floor(Math.random() * 2000);
    // Its own process group, as a service manager starts it; the group is the one signalled.
    const server = spawn('npm', ['start', '--silent'], {
      cwd: root,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        // Debug: a request's start is logged, which tells when the slow request below is in flight.
        LOG_LEVEL: 'debug',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += String(chunk)));
    server.stderr.on('data', (chunk) => (output += String(chunk)));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      server.on('exit', (code) => resolve({ code, at: Date.now() })),
    );
    try {
      await waitForHealth(port, 90_000);

      // A short bounded load: four clients asking API answers and pages, one connection per request.
      const outcomes: Outcome[] = [];
      let loading = true;
      const urls: [string, string, string?][] = [
        ['GET', '/healthz'],
        ['GET', '/omc/api/sys/public_settings'],
        ['POST', '/listing/ws/listing/portalSalePage', JSON.stringify({ page: 1, limit: 10 })],
        ['GET', '/mainIndex'],
      ];
      const client = async (offset: number) => {
        for (let i = offset; loading && i < offset + 2000; i += 1) {
          const [method, url, body] = urls[i % urls.length]!;
          const outcome = await request(port, method, url, body);
          outcomes.push(outcome);
          if ('refused' in outcome) return;
        }
      };
      const clients = [0, 1, 2, 3].map(client);
      await new Promise((r) => setTimeout(r, 1000));

      const slow = slowRequest(port);
      // In flight once the server has read its head and started it: its log says so (the load asks
      // nothing of this address).
      await expect.poll(() => output.includes('"url":"/omc/submitLogin"'), { timeout: 20_000 }).toBe(true);
      const termAt = Date.now();
      process.kill(-server.pid!, 'SIGTERM');
      await expect.poll(() => output.includes('shutting down'), { timeout: 5_000 }).toBe(true);
      await new Promise((r) => setTimeout(r, 300));
      slow.finish();

      const slowOutcome = await slow.answer;
      const { code, at } = await exited;
      loading = false;
      await Promise.all(clients);

      expect(code, output).toBe(0);
      expect(at - termAt).toBeLessThan(10_000);
      // The request in flight at SIGTERM got its answer (a refusal of the made-up login, not a 5xx).
      expect(slowOutcome, output).toMatchObject({ status: expect.any(Number) });
      expect((slowOutcome as { status: number }).status).toBeLessThan(500);
      const answered = outcomes.filter((o): o is { status: number } => 'status' in o);
      expect(answered.length).toBeGreaterThan(10);
      expect(answered.filter((o) => o.status >= 500)).toEqual([]);
      expect(outcomes.filter((o) => 'failed' in o)).toEqual([]);
      // Every request the server started, it finished: the log has an answer for each one it read.
      const log = output
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { reqId?: string; msg: string; res?: { statusCode: number } });
      const startedIds = log.filter((l) => l.msg === 'incoming request').map((l) => l.reqId);
      const finished = log.filter((l) => l.msg === 'request completed');
      expect(startedIds.length).toBeGreaterThan(10);
      expect(new Set(finished.map((l) => l.reqId))).toEqual(new Set(startedIds));
      expect(finished.filter((l) => l.res!.statusCode >= 500)).toEqual([]);
      expect(output).toContain('stopped: requests drained, databases closed');
    } finally {
      if (server.exitCode === null) process.kill(-server.pid!, 'SIGKILL');
    }
  }, 120_000);
});
