import { afterEach, describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '../settings';
import { parseScrape, sumOf } from '../test/prometheus-text';
import { createTestApp, envelope, type TestApp } from '../test/test-app';
import { parseAddressRange } from './address-range';
import { createLocalBus } from './events';
import { createMetrics, queryKind } from './metrics';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await createTestApp(env, { demo: false });
  closers.push(() => t.close());
  return t;
}
const scrape = (t: TestApp, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

describe('GET /metrics', () => {
  it('answers the loopback addresses by default, and nobody else without the token', async () => {
    // Behind a trusted proxy too: the address a request says it was forwarded for is not where it came from.
    const t = await app({ TRUST_PROXY: 'on' });
    const local = await scrape(t);
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(local.body).toContain('# TYPE portal_http_request_duration_seconds histogram');
    expect((await scrape(t, '::1')).statusCode).toBe(200);
    expect((await scrape(t, '::ffff:127.0.0.1')).statusCode).toBe(200);
    // Anyone else is told there is no such address, the way an unknown path is.
    const outside = await scrape(t, '10.1.2.3');
    expect(outside.statusCode).toBe(404);
    expect(envelope(outside).error_no).toBe('100005');
    // A forwarded address is not the client's: only the connection's own counts.
    expect((await scrape(t, '10.1.2.3', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
  });

  it('answers any address with METRICS_TOKEN as bearer, 403 for a wrong token, and only the addresses METRICS_ALLOW names', async () => {
    const t = await app({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7', METRICS_TOKEN: 'scrape-secret' });
    expect((await scrape(t, '10.20.30.40')).statusCode).toBe(200);
    expect((await scrape(t, '192.168.1.7')).statusCode).toBe(200);
    expect((await scrape(t, '192.168.1.8')).statusCode).toBe(404);
    expect((await scrape(t, '127.0.0.1')).statusCode).toBe(404);
    expect((await scrape(t, '203.0.113.9', { authorization: 'Bearer scrape-secret' })).statusCode).toBe(200);
    const wrong = await scrape(t, '203.0.113.9', { authorization: 'Bearer guess' });
    expect(wrong.statusCode).toBe(403);
    expect(envelope(wrong).error_no).toBe('-106');
  });

  it('names requests by their route pattern, never by the address asked for, and counts the one in flight', async () => {
    const t = await app();
    await t.app.inject({ method: 'POST', url: '/commtrade/ws/order/place?listing=GP2027000123', payload: {} });
    await t.app.inject({ method: 'GET', url: '/omc/api/nothing/here/4711' });
    const { body } = await scrape(t);
    expect(body).not.toContain('GP2027000123');
    expect(body).not.toContain('4711');
    const { samples } = parseScrape(body);
    const count = (labels: Record<string, string>) => sumOf(samples, 'portal_http_request_duration_seconds_count', labels);
    expect(count({ route: '/commtrade/ws/order/place', method: 'POST', status_code: '401' })).toBe(1);
    expect(count({ route: '(unmatched)', method: 'GET', status_code: '404' })).toBe(1);
    // The scrape itself is the request in flight.
    expect(sumOf(samples, 'portal_http_requests_in_flight')).toBe(1);
  });

  it('refuses to start with a METRICS_ALLOW entry that is neither an address nor a range, naming it', () => {
    expect(() => loadSettings({ METRICS_ALLOW: '127.0.0.1,intranet' })).toThrow(SettingsError);
    expect(() => loadSettings({ METRICS_ALLOW: '10.0.0.0/33' })).toThrow(/METRICS_ALLOW/);
    expect(parseAddressRange('10.0.0.0/8')).toEqual({ address: '10.0.0.0', prefix: 8, family: 'ipv4' });
    expect(parseAddressRange('fd00::/8')).toEqual({ address: 'fd00::', prefix: 8, family: 'ipv6' });
    expect(parseAddressRange('10.0.0.1/x')).toBeNull();
  });
});

describe('the counts of what committed', () => {
  it('counts this server’s trades and money once, and times the other servers’ events without counting them', async () => {
    const metrics = createMetrics();
    const bus = createLocalBus();
    metrics.follow(bus);
    const deposit = (action: string, amount: number, balanceChange: number, currency = 'CNY') => ({
      topic: 'deposit',
      key: `1:${currency}`,
      action,
      data: { currency, amount, balanceChange },
    });
    bus.publish({ topic: 'order', key: 'o1', action: 'placed' });
    bus.publish({ topic: 'order', key: 'o1', action: 'confirmed' });
    bus.publish({ topic: 'auction', key: '7', action: 'bid' });
    bus.publish({ topic: 'tender', key: '3', action: 'open' });
    bus.publish(deposit('freeze', 500, 0));
    bus.publish(deposit('release', 200, 0, 'USD'));
    // A forfeit is written on both sides; the payer's counts.
    bus.publish(deposit('forfeit', 300, -300));
    bus.publish(deposit('forfeit', 300, 300));
    // Another server's order, 40 ms on the way: its lag is timed, the order counted there.
    bus.publish({ topic: 'order', key: 'o2', action: 'placed', sentAt: Date.now() - 40 });

    const { samples } = parseScrape(await metrics.registry.metrics());
    expect(sumOf(samples, 'portal_orders_placed_total')).toBe(1);
    expect(sumOf(samples, 'portal_auction_bids_accepted_total')).toBe(1);
    expect(sumOf(samples, 'portal_tender_openings_total')).toBe(1);
    const cents = (movement: string, currency: string) => sumOf(samples, 'portal_deposit_moved_cents_total', { movement, currency });
    expect([cents('frozen', 'CNY'), cents('released', 'USD'), cents('forfeited', 'CNY')]).toEqual([500, 200, 300]);
    expect(sumOf(samples, 'portal_event_bus_lag_seconds_count')).toBe(1);
    expect(sumOf(samples, 'portal_event_bus_lag_seconds_sum')).toBeGreaterThanOrEqual(0.04);
  });

  it('labels a query by its statement kind', () => {
    expect(['select 1', ' INSERT into x', 'with a as (select 1) select', 'begin', 'COMMIT', 'pragma x', ''].map(queryKind)).toEqual([
      'select',
      'insert',
      'with',
      'transaction',
      'transaction',
      'other',
      'other',
    ]);
  });
});
