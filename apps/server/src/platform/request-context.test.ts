import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { withTraders } from '../test/trading';
import type { ChangeEvent } from './events';
import { loadSettings } from '../settings';
import { createLogger } from './logger';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A debug logger writing parsed lines into memory. */
function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger('debug', sink), lines };
}

describe('request ids', () => {
  it('are on every answer, new for each request, and chosen by no client without a trusted proxy', async () => {
    t = await createTestApp({}, { demo: false });
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/omc/api/sys/public_settings', headers: { 'x-request-id': 'chosen-by-client' } }),
      t.app.inject({ method: 'POST', url: '/omc/no-such-call', payload: {} }),
      t.app.inject({ method: 'POST', url: '/omc/submitLogin', payload: { account: '' } }),
    ]);
    const ids = answers.map((res) => String(res.headers['x-request-id']));
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(answers.length);
  });

  it("take a trusted proxy's X-Request-Id when it looks like an id", async () => {
    t = await createTestApp({ TRUST_PROXY: 'on' }, { demo: false });
    const given = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a:0042' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a:0042');
    for (const bad of ['two words', 'x'.repeat(129), 'a"b', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it('take X-Request-Id only from the proxy addresses TRUST_PROXY names', async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16' }, { demo: false });
    const headers = { 'x-request-id': 'lb-7f3a:0043' };
    const fromProxy = await t.app.inject({ method: 'GET', url: '/healthz', headers, remoteAddress: '192.168.4.2' });
    expect(fromProxy.headers['x-request-id']).toBe('lb-7f3a:0043');
    const fromElsewhere = await t.app.inject({ method: 'GET', url: '/healthz', headers, remoteAddress: '10.0.0.2' });
    expect(fromElsewhere.headers['x-request-id']).toMatch(UUID);
    expect(() => loadSettings({ TRUST_PROXY: '10.0.0.1,proxy.lan' })).toThrow(/TRUST_PROXY/);
    expect(loadSettings({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
  });

  it('are in every log line a request causes and in the change events of its writes', async () => {
    const { logger, lines } = memoryLogger();
    t = await createTestApp({ TRUST_PROXY: 'on' }, { logger });
    const tr = await withTraders(t, ['admin', 'supplier01']);
    const events: ChangeEvent[] = [];
    t.app.live.events.subscribe((e) => events.push(e));
    // A listener that fails: its log line is written through the server's logger, not the request's.
    t.app.live.events.subscribe(() => {
      throw new Error('listener broke');
    });
    lines.length = 0;

    const res = await t.app.inject({
      method: 'POST',
      url: '/commtrade/ws/deposit/credit',
      headers: { token: tr.tokens.admin, 'x-request-id': 'trace-credit-1' },
      payload: { companyUserId: String(tr.userId.supplier01), currency: 'CNY', amount: 100_000, reference: 'BANK-TRACE' },
    });
    expect(res.json<{ error_no: string }>().error_no).toBe('0');
    expect(res.headers['x-request-id']).toBe('trace-credit-1');

    expect(events.length).toBeGreaterThan(0);
    for (const e of events) expect(e.requestId, `${e.topic}:${e.action}`).toBe('trace-credit-1');
    const messages = lines.map((l) => l.msg);
    // The test's Redis bus reports listener failures to nobody; the app's own bus logs them.
    const listenerLine = process.env.TEST_REDIS_URL ? [] : ['event listener failed'];
    expect(messages).toEqual(expect.arrayContaining(['incoming request', ...listenerLine, 'request completed']));
    for (const line of lines) expect(line.reqId, String(line.msg)).toBe('trace-credit-1');

    // A line the server's logger writes while answering (a readiness probe failing: the scheduler is not started here).
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/readyz', headers: { 'x-request-id': 'trace-ready-1' } });
    expect(lines.find((l) => l.msg === 'readiness: probe failed')).toMatchObject({ reqId: 'trace-ready-1', probe: 'scheduler' });

    // A change no request caused (a scheduled job, demo data) carries no id.
    events.length = 0;
    await t.app.live.writes.write({ actorUserId: null, action: 'test', target: 'nothing' }, async (_trx, emit) => {
      emit({ topic: 'test', key: '1', action: 'done' });
    });
    expect(events).toEqual([{ topic: 'test', key: '1', action: 'done' }]);
  });
});
