import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/** Sends the request's head and then its body in parts, `pauseMs` apart; resolves with what came back and when. */
function trickle(port: number, parts: string[], pauseMs: number): Promise<{ answer: string; ms: number }> {
  const body = parts.join('');
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /omc/submitLogin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
      );
      parts.forEach((part, i) => setTimeout(() => !socket.destroyed && socket.write(part), i * pauseMs));
    });
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
      // The whole answer is there once its declared length has arrived.
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      const head = answer.indexOf('\r\n\r\n');
      if (length && head >= 0 && Buffer.byteLength(answer.slice(head + 4)) >= Number(length)) socket.end();
    });
    socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
    socket.on('error', reject);
  });
}

describe('a request body that arrives too slowly', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1' }, { demo: false });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => t.close());

  const login = JSON.stringify({ account: 'nobody', password: 'x', check_code: 'ABCD', req_code_session_id: 'none' });

  it('is cut off with 408 once REQUEST_TIMEOUT_SECONDS have passed, before the rest arrives', async () => {
    // Ten parts a second apart: the whole body would take nine seconds.
    const parts = login.match(/.{1,10}/g)!;
    const { answer, ms } = await trickle(port, parts, 1000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeGreaterThanOrEqual(1000);
    expect(ms).toBeLessThan(3000);
    // Nothing about the server's inside goes back.
    expect(answer).not.toMatch(/at .*\.(js|ts):\d+/);
  });

  it('is answered as usual when the whole body arrives in time', async () => {
    const parts = login.match(/.{1,40}/g)!;
    const { answer } = await trickle(port, parts, 100);
    expect(answer).toMatch(/^HTTP\/1\.1 [24]\d\d /);
    expect(answer).toContain('"return_code"');
  });

  it('is refused as a setting out of range', async () => {
    const { loadSettings } = await import('../settings');
    expect(() => loadSettings({ REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    expect(loadSettings({}).REQUEST_TIMEOUT_SECONDS).toBe(30);
  });
});
