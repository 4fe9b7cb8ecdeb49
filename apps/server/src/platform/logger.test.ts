import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, envelope, login, type TestApp } from '../test/test-app';
import { createLogger, IN_PROCESS_HEADER, inProcessMark, redactUrl } from './logger';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A logger writing into memory, as the server's would write to its output. */
function memoryLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

describe('request log', () => {
  it('writes entry URLs without their token, keeping the other query values', async () => {
    const { logger, lines } = memoryLogger();
    t = await createTestApp({}, { logger });
    const { token } = await login(t.app, 'buyer01', 'Buyer@2026');
    const res = await t.app.inject({
      method: 'GET',
      url: `/omc/api/user/getCurrUser?token=${token}&utoken=${token}&user_token=${token}&ticket=ST-1-secret&tenantId=T001`,
      headers: { token },
    });
    expect(envelope(res).return_code).toBe('0');
    const logged = lines.join('\n');
    expect(logged).toContain('/omc/api/user/getCurrUser?token=[redacted]');
    expect(logged).toContain('tenantId=T001');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('ST-1-secret');
  });

  it('redacts whatever the spelling of the name, and leaves plain URLs alone', () => {
    expect(redactUrl('/mainIndex?%74oken=abc&TN=def&orgName=x')).toBe('/mainIndex?%74oken=[redacted]&TN=[redacted]&orgName=x');
    expect(redactUrl('/index')).toBe('/index');
    expect(redactUrl('/a?token')).toBe('/a?token');
    expect(redactUrl('/a?%E0%A4%A=1&code=9')).toBe('/a?%E0%A4%A=1&code=[redacted]');
  });

  it("writes one line per request, none for the server's own in-process requests", async () => {
    const { logger, lines } = memoryLogger();
    t = await createTestApp({}, { logger });
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/healthz', headers: { [IN_PROCESS_HEADER]: inProcessMark } });
    // A guessed mark is an ordinary request.
    await t.app.inject({ method: 'GET', url: '/healthz?x=1', headers: { [IN_PROCESS_HEADER]: 'guess' } });
    const requests = lines.map((l) => JSON.parse(l) as { msg: string; req?: { url: string }; res?: { statusCode: number } });
    expect(requests.map((r) => [r.msg, r.req?.url, r.res?.statusCode])).toEqual([
      ['request completed', '/healthz', 200],
      ['request completed', '/healthz?x=1', 200],
    ]);
  });

  it('logs a sample of the requests with LOG_SAMPLE_RATE, and every failure', async () => {
    const { logger, lines } = memoryLogger();
    t = await createTestApp({ LOG_SAMPLE_RATE: '0' }, { logger });
    lines.length = 0;
    for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(lines.filter((l) => l.includes('request completed'))).toEqual([]);
  });
});
