import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, envelope, login, type TestApp } from '../test/test-app';
import { createLogger, redactUrl } from './logger';

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
});
