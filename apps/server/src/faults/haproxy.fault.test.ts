import fs from 'node:fs';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../modules/auction-trade';
import { checkInvariant } from '../modules/deposits';
import { HAPROXY_BIN, startHaproxy, type Haproxy } from '../test/haproxy';
import { TRADERS, type Trader } from '../test/trading';
import { endPiecesAt, freePort, prepareInstallation, runningSpace, startNode, type ServerNode } from './support/cluster';
import { lostWrites, startLoad } from './support/load';
import { bidSeqs, closeJobs, freezeWhileClosing, runsOf, tearDown, watchersDone } from './support/outage';
import { ensureServices, PG_URL, REDIS_URL, until } from './support/services';
import { RoomWatcher } from './support/watcher';

afterAll(async () => {
  await ensureServices();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Pieces whose closes fall due around the kill, besides the one bid on throughout. */
const CLOSING = 6;
/** The address the test's own client connects from: a loopback address other than the proxy's (127.0.0.1). */
const CLIENT_ADDRESS = '127.0.0.2';
const BUYERS: Trader[] = ['buyer01', 'buyer02'];
const BIDDERS: Trader[] = ['buyer01', 'buyer02', 'buyer03'];

/** A JSON POST from a chosen local address, with extra headers (a forged X-Forwarded-For). */
function postFrom(url: string, path: string, body: object, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; json: { error_no: string; data: unknown } }>(
    (resolve, reject) => {
      const text = JSON.stringify(body);
      const req = http.request(
        `${url}${path}`,
        {
          method: 'POST',
          localAddress: CLIENT_ADDRESS,
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(Buffer.concat(chunks).toString()) as never }),
          );
        },
      );
      req.on('error', reject);
      req.end(text);
    },
  );
}

async function signInFrom(url: string, account: Trader, headers: Record<string, string>): Promise<string> {
  const code = await postFrom(url, '/gateway/getCheckCode', {}, headers);
  const cc = (code.json.data as { cc: string }).cc;
  const res = await postFrom(
    url,
    '/omc/submitLogin',
    { account, password: TRADERS[account], check_code: 'ABCD', req_code_session_id: cc },
    headers,
  );
  expect(res.json.error_no, `${account} signs in`).toBe('0');
  return (res.json.data as { utoken: string }).utoken;
}

/**
 * Two nodes on PostgreSQL and Redis behind HAProxy running ops/haproxy.cfg (with the test's
 * ports), every request through the proxy: an order and a bid; then one node killed (SIGKILL)
 * under load: no acknowledged order or bid lost, the room streams it served resume on the other
 * node with Last-Event-ID, the closes it held are done by the other; then both nodes restarted
 * one after the other (SIGTERM: not ready, drained, stopped; started, ready, back in) while the
 * clients keep sending, with no request failing.
 */
describe.skipIf(!PG_URL || !REDIS_URL)('two nodes behind HAProxy (PostgreSQL and Redis)', () => {
  it('trades through the proxy, loses nothing when a node is killed, and restarts both nodes without a failed request', async () => {
    expect(fs.existsSync(HAPROXY_BIN), `HAProxy installed (node scripts/setup.mjs --proxy)`).toBe(true);
    const inst = await prepareInstallation('postgres');
    const nodes: ServerNode[] = [];
    const watchers: RoomWatcher[] = [];
    let proxy: Haproxy | null = null;
    let failure: unknown = null;
    try {
      const listing = await inst.setup.listingOnSale('supplier01', { objListingNum: 1_000_000, objMinNum: 1 });
      for (const who of BUYERS) await inst.setup.credit(who, 1_000_000_000);
      const space = await runningSpace(inst, 1 + CLOSING, BIDDERS);
      const hot = space.itemList[0]!.id;
      const closing = space.itemList.slice(1).map((p) => p.id);
      for (const [i, pieceId] of closing.entries()) {
        await inst.setup.ok(i % 2 === 0 ? 'buyer02' : 'buyer03', '/auction/ws/bid/place', {
          spaceId: space.spaceId,
          pieceId,
          price: 60_000,
          requestId: `haproxy-${i}`,
        });
      }
      await inst.closeSetup();
      // The nodes take X-Forwarded-For from the proxy's address only.
      const behindProxy = { TRUST_PROXY: '127.0.0.1' };
      const [a, b] = [await startNode(inst, 'a', behindProxy), await startNode(inst, 'b', behindProxy)];
      nodes.push(a, b);
      proxy = await startHaproxy({
        port: await freePort(),
        statsPort: await freePort(),
        nodes: nodes.map((n) => n.url.slice('http://'.length)),
      });
      const via = [proxy.url];
      const db = inst.database.db;

      // The client's address reaches the node through the proxy, and a forged one does not,
      // neither through the proxy nor straight at a node.
      const forged = { 'x-forwarded-for': '203.0.113.9' };
      const token = await signInFrom(proxy.url, 'buyer01', forged);
      await signInFrom(a.url, 'supplier01', forged);
      const lastIp = await db
        .selectFrom('users')
        .select(['account', 'last_login_ip'])
        .where('account', 'in', ['buyer01', 'supplier01'])
        .execute();
      expect(Object.fromEntries(lastIp.map((u) => [u.account, u.last_login_ip]))).toEqual({
        buyer01: CLIENT_ADDRESS,
        supplier01: CLIENT_ADDRESS,
      });

      // Room streams through the proxy (spread over both nodes), then an order and a bid.
      for (let i = 0; i < 6; i++) watchers.push(new RoomWatcher(space.spaceId, proxy.url, () => via));
      await until(async () => watchers.every((w) => w.last() >= CLOSING), 20_000, 'every watcher at the bids so far');
      const order = await postFrom(
        proxy.url,
        '/commtrade/ws/order/place',
        {
          tradeListingCode: listing.tradeListingCode,
          quantity: 2,
          deliveryAddress: '河北石家庄中华大街 1 号',
          contactName: '李明',
          contactPhone: '13800000001',
          requestId: 'haproxy-order-1',
        },
        { token },
      );
      expect(order.json.error_no).toBe('0');
      expect(order.headers['x-request-id'], 'the proxy gives each request an id the node keeps').toMatch(/^[0-9a-f-]{36}$/);
      const orderNo = (order.json.data as { orderNo: string }).orderNo;
      expect(await db.selectFrom('orders').select('request_id').where('order_no', '=', orderNo).executeTakeFirst()).toEqual({
        request_id: 'haproxy-order-1',
      });
      const bidSentAt = Date.now();
      const bid = await postFrom(
        proxy.url,
        '/auction/ws/bid/place',
        { spaceId: space.spaceId, pieceId: hot, price: 70_000, requestId: 'haproxy-bid-1' },
        { token },
      );
      expect(bid.json.error_no).toBe('0');
      // Every stream has the bid at once: the proxy passes each event on, buffering nothing.
      await until(async () => watchers.every((w) => w.last() >= CLOSING + 1), 2_000, 'every stream with the bid');
      const bidToStreamsMs = Date.now() - bidSentAt;

      // Orders and bids flow through the proxy; node a is killed while it closes a piece.
      const load = startLoad({ nodes: () => via, listingCode: listing.tradeListingCode, space, buyers: BUYERS, bidders: BIDDERS });
      await pause(2_000);
      await endPiecesAt(inst, closing, new Date(Date.now() + 1_000));
      const closesHeldAtKill = await freezeWhileClosing(db, a, closing);
      const inFlightAtKill = load.inFlight();
      const sentBeforeKill = load.tally.sent;
      const killedAt = Date.now();
      await a.kill9();
      const markedDownMs = await proxy.waitFor('node1', 'DOWN');
      await pause(3_000);
      await load.stop();
      await until(async () => (await closeJobs(db, closing)).every((r) => r.state === 'done'), 60_000, 'every close done on the node left');
      const closesDoneMs = Date.now() - killedAt;
      const failedAt = load.attempts.filter((x) => x.answer.kind === 'network' || x.answer.status >= 500).map((x) => x.at);
      const seqs = await bidSeqs(db, space.spaceId);
      await watchersDone(watchers, seqs);
      const lost = await lostWrites(db, load.acknowledged);

      const killed = {
        requestsSent: load.tally.sent,
        sentBeforeKill,
        acknowledged: load.tally.acknowledged,
        inFlightAtKill,
        failedAndRetried: load.tally.network + load.tally.gateway + load.tally.retryable,
        lost: lost.length,
        proxyMarkedDownMs: markedDownMs,
        killToLastFailureMs: failedAt.length > 0 ? Math.max(...failedAt) - killedAt : 0,
        closesHeldByTheKilledNode: closesHeldAtKill,
        killToEveryCloseDoneMs: closesDoneMs,
        streamsResumed: watchers.filter((w) => w.reconnects > 0).length,
        bidToEveryStreamMs: bidToStreamsMs,
      };
      console.info('[faults] behind HAProxy, node killed:', JSON.stringify(killed));
      expect(load.tally.unexpected).toEqual([]);
      expect(lost).toEqual([]);
      expect(load.tally.acknowledged).toBeGreaterThan(0);
      // The streams node a served broke and resumed through the proxy on b, missing and repeating nothing.
      expect(watchers.some((w) => w.reconnects > 0)).toBe(true);
      for (const [i, w] of watchers.entries()) expect(w.seqs, `watcher ${i}`).toEqual(seqs);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      // Its closes were taken over once its short lease lapsed, each done once.
      expect(closesDoneMs).toBeLessThanOrEqual(15_000);
      const runs = await runsOf(db, 'auction.close', closing);
      expect(closing.map((id) => runs.get(id))).toEqual(Array(CLOSING).fill(1));

      // Node a back; then both restarted one after the other while the clients keep sending.
      await a.restart();
      await proxy.waitFor('node1', 'UP');
      const rolling = startLoad({ nodes: () => via, listingCode: listing.tradeListingCode, space, buyers: BUYERS, bidders: BIDDERS });
      await pause(1_500);
      const restartMs: number[] = [];
      const windows: [number, number][] = [];
      /** How long each node went on serving after the proxy had taken it out. */
      const drainMs: number[] = [];
      for (const [node, server] of [
        [a, 'node1'],
        [b, 'node2'],
      ] as const) {
        const started = Date.now();
        // SIGTERM: /readyz answers 503 at once, the proxy stops sending new requests within two
        // checks, those under way finish, the node exits; started again, it is sent requests only
        // once its /readyz answers 200 twice.
        let takenOutAt = 0;
        let stopped = false;
        const watching = (async () => {
          while (!stopped && !takenOutAt) {
            if ((await proxy.states())[server] === 'DOWN') takenOutAt = Date.now();
            await pause(50);
          }
        })();
        await node.stop();
        const exitedAt = Date.now();
        stopped = true;
        await watching;
        // Readiness first: the proxy had taken the node out before it stopped serving.
        expect(takenOutAt, `${server} taken out by the proxy before it exited`).toBeGreaterThan(0);
        drainMs.push(exitedAt - takenOutAt);
        await node.restart();
        await proxy.waitFor(server, 'UP');
        restartMs.push(Date.now() - started);
        windows.push([started, Date.now()]);
      }
      await pause(1_500);
      await rolling.stop();
      const rollingLost = await lostWrites(db, rolling.acknowledged);
      const restarted = {
        requestsSent: rolling.tally.sent,
        acknowledged: rolling.tally.acknowledged,
        refusedByTheTrade: rolling.tally.refused,
        failed: rolling.tally.network + rolling.tally.gateway + rolling.tally.retryable + rolling.tally.unexpected.length,
        lost: rollingLost.length,
        restartMsPerNode: restartMs,
        servedAfterTakenOutMs: drainMs,
      };
      console.info('[faults] behind HAProxy, both nodes restarted one after the other:', JSON.stringify(restarted));
      expect(rolling.tally.unexpected).toEqual([]);
      expect({ network: rolling.tally.network, gateway: rolling.tally.gateway, retryable: rolling.tally.retryable }).toEqual({
        network: 0,
        gateway: 0,
        retryable: 0,
      });
      expect(rollingLost).toEqual([]);
      expect(rolling.tally.acknowledged).toBeGreaterThan(0);
      // Trading went on while each node was away: writes were acknowledged during each restart.
      for (const [from, to] of windows) expect(rolling.acknowledged.filter((x) => x.at >= from && x.at <= to).length).toBeGreaterThan(0);

      expect((await verifyChain(db, Number(space.spaceId))).ok).toBe(true);
      expect((await checkInvariant(db)).ok).toBe(true);
    } catch (err) {
      failure = err;
      if (proxy) console.error(`[faults] log of haproxy:\n${proxy.log().slice(-4000)}`);
      throw err;
    } finally {
      await proxy?.stop();
      await tearDown(failure, inst, nodes, watchers);
    }
  });
});
