import { afterAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../modules/auction-trade';
import { checkInvariant } from '../modules/deposits';
import { endPiecesAt, prepareInstallation, runningSpace, startNode, type ServerNode } from './support/cluster';
import { lostWrites, startLoad } from './support/load';
import { bidSeqs, closeJobs, freezeWhileClosing, runsOf, tearDown, watchersDone } from './support/outage';
import { ensureServices, PG_URL, REDIS_URL, until } from './support/services';
import { RoomWatcher } from './support/watcher';

afterAll(async () => {
  await ensureServices();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Pieces whose closes fall due around the kill, besides the one bid on throughout. */
const CLOSING = 10;

/**
 * One of two nodes killed (SIGKILL) while bids flow and pieces close: the room watchers it served
 * reconnect to the other with Last-Event-ID and, like those there all along, end up with every bid
 * exactly once and in order; the closes it held are taken over by the other node, exactly once;
 * no acknowledged bid is lost.
 */
describe.skipIf(!PG_URL || !REDIS_URL)('a node killed on two nodes (PostgreSQL and Redis)', () => {
  it('its watchers resume on the other node with no bid missed or repeated, and its timed work is taken over', async () => {
    const inst = await prepareInstallation('postgres');
    const nodes: ServerNode[] = [];
    const watchers: RoomWatcher[] = [];
    let failure: unknown = null;
    try {
      const space = await runningSpace(inst, 1 + CLOSING, ['buyer01', 'buyer02', 'buyer03']);
      const closing = space.itemList.slice(1).map((p) => p.id);
      for (const [i, pieceId] of closing.entries()) {
        await inst.setup.ok(i % 2 === 0 ? 'buyer02' : 'buyer03', '/auction/ws/bid/place', {
          spaceId: space.spaceId,
          pieceId,
          price: 60_000,
          requestId: `node-kill-${i}`,
        });
      }
      await inst.closeSetup();
      const [a, b] = [await startNode(inst, 'a'), await startNode(inst, 'b')];
      nodes.push(a, b);
      let alive = [a, b];
      const urls = () => alive.map((n) => n.url);
      for (let i = 0; i < 6; i++) watchers.push(new RoomWatcher(space.spaceId, (i < 4 ? a : b).url, urls));
      const onA = watchers.slice(0, 4);

      const load = startLoad({ nodes: urls, listingCode: '', space, buyers: [], bidders: ['buyer01', 'buyer02', 'buyer03'] });
      await pause(2_000);
      const db = inst.database.db;
      await endPiecesAt(inst, closing, new Date(Date.now() + 1_000));
      const jobs = () => closeJobs(db, closing);
      // Killed while it holds a close.
      const closesHeldAtKill = await freezeWhileClosing(db, a, closing);
      const inFlightAtKill = load.inFlight();
      await a.kill9();
      const killedAt = Date.now();
      alive = [b];
      await pause(3_000);
      await load.stop();
      await until(async () => (await jobs()).every((r) => r.state === 'done'), 60_000, 'every close done on the node left');
      const closesDoneAt = Date.now();

      const seqs = await bidSeqs(db, space.spaceId);
      await watchersDone(watchers, seqs);
      const lost = await lostWrites(db, load.acknowledged);
      const figures = {
        bids: seqs.length,
        acknowledgedBids: load.tally.acknowledged,
        lost: lost.length,
        inFlightAtKill,
        networkFailuresRetried: load.tally.network,
        retryableAnswers: load.tally.retryable,
        watchersReconnected: watchers.filter((w) => w.reconnects > 0).length,
        closesHeldByTheKilledNode: closesHeldAtKill,
        killToEveryCloseDoneMs: closesDoneAt - killedAt,
      };
      console.info('[faults] node killed:', JSON.stringify(figures));

      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      for (const [i, w] of watchers.entries()) expect(w.seqs, `watcher ${i}`).toEqual(seqs);
      expect(onA.every((w) => w.reconnects >= 1)).toBe(true);
      // The killed node's claim lapses with the short lease (5 s) and the node left takes it over.
      expect(closesDoneAt - killedAt).toBeLessThanOrEqual(15_000);
      expect(load.tally.unexpected).toEqual([]);
      expect(lost).toEqual([]);
      // Closes: each once, by the node left (the killed node's claim lapsed and was taken over).
      const runs = await runsOf(db, 'auction.close', closing);
      expect(closing.map((id) => runs.get(id))).toEqual(Array(CLOSING).fill(1));
      const orders = await db.selectFrom('orders').select('request_id').where('origin_code', '=', space.spaceId).execute();
      expect(orders).toHaveLength(CLOSING);
      expect((await verifyChain(db, Number(space.spaceId))).ok).toBe(true);
      expect((await checkInvariant(db)).ok).toBe(true);
    } catch (err) {
      failure = err;
      throw err;
    } finally {
      await tearDown(failure, inst, nodes, watchers);
    }
  });
});
