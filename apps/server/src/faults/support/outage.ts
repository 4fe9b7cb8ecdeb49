import { expect } from 'vitest';
import type { Db } from '../../db/database';
import { checkInvariant } from '../../modules/deposits';
import { prepareInstallation, runningSpace, startNode, type Installation, type ServerNode } from './cluster';
import { lostWrites, startLoad, type Acknowledged } from './load';
import { ensureServices, until } from './services';
import type { RoomWatcher } from './watcher';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two nodes on PostgreSQL and Redis with something to trade: a listing of supplier01 with stock
 * enough for any load, buyer01 and buyer02 credited, a running auction space of one piece that
 * buyer01-03 registered for.
 */
export async function tradingNodes() {
  const inst = await prepareInstallation('postgres');
  const listing = await inst.setup.listingOnSale('supplier01', { objListingNum: 1_000_000, objMinNum: 1 });
  for (const who of ['buyer01', 'buyer02'] as const) await inst.setup.credit(who, 1_000_000_000);
  const space = await runningSpace(inst, 1, ['buyer01', 'buyer02', 'buyer03']);
  await inst.closeSetup();
  const nodes: ServerNode[] = [];
  try {
    nodes.push(await startNode(inst, 'a'), await startNode(inst, 'b'));
  } catch (err) {
    for (const n of nodes) await n.stop();
    await inst.close();
    throw err;
  }
  /** Room watchers a test opens, stopped with the nodes. */
  const watchers: RoomWatcher[] = [];
  return { inst, listing, space, nodes, watchers, urls: () => nodes.map((n) => n.url) };
}
type TradingNodes = Awaited<ReturnType<typeof tradingNodes>>;

/**
 * Runs a fault test on trading nodes, then, passed or failed, leaves PostgreSQL and Redis running,
 * stops what it started (printing the nodes' logs on a failure), and on success checks that both
 * nodes are still up and every deposit account equals its ledger.
 */
export async function onTradingNodes(test: (t: TradingNodes) => Promise<void>): Promise<void> {
  const t = await tradingNodes();
  let failure: unknown = null;
  try {
    await test(t);
    for (const node of t.nodes) expect(node.child.exitCode, `${node.name} still running`).toBeNull();
    expect((await checkInvariant(t.inst.database.db)).ok).toBe(true);
  } catch (err) {
    failure = err;
    throw err;
  } finally {
    await ensureServices();
    await tearDown(failure, t.inst, t.nodes, t.watchers);
  }
}

/**
 * Orders and bids flow through both nodes for 3 s, `restart` takes a store away and back, and the
 * load goes on until every node acknowledges writes again, then 3 s more. Answers what the clients
 * saw and when.
 */
export async function restartUnderLoad(t: TradingNodes, restart: () => Promise<void>) {
  const load = startLoad({
    nodes: t.urls,
    listingCode: t.listing.tradeListingCode,
    space: t.space,
    buyers: ['buyer01', 'buyer02'],
    bidders: ['buyer01', 'buyer02', 'buyer03'],
  });
  await pause(3_000);
  const before = { acknowledged: load.tally.acknowledged, signIns: load.tally.signIns, inFlight: load.inFlight() };
  const restartAt = Date.now();
  await restart();
  const upAt = Date.now();
  /** When a write was first acknowledged again on the node after the store was back. */
  const backOn = async (node: ServerNode) => {
    for (;;) {
      const ack = load.acknowledged.find((x) => x.node === node.url && x.at > upAt);
      if (ack) return ack.at;
      if (Date.now() - upAt > 30_000) return Infinity;
      await pause(20);
    }
  };
  const back = Math.max(...(await Promise.all(t.nodes.map(backOn))));
  await pause(3_000);
  await load.stop();
  const outage = load.attempts.filter((x) => x.at >= restartAt && x.at <= back);
  return {
    load,
    before,
    restartMs: upAt - restartAt,
    backAfterUpMs: back - upAt,
    lost: await lostWrites(t.inst.database.db, load.acknowledged),
    /** The distinct answers clients had while the store was away. */
    answersDuringOutage: [...new Set(outage.map((x) => (x.answer.kind === 'network' ? 'network' : `${x.answer.status} ${x.answer.code}`)))],
    /** Whether any answer meanwhile was a 500. */
    anyServerError: outage.some((x) => x.answer.kind === 'answer' && x.answer.status === 500),
  };
}

/** The seqs of a space's bids, in order. */
export async function bidSeqs(db: Db, spaceId: string): Promise<number[]> {
  const rows = await db.selectFrom('auction_bids').select('seq').where('space_id', '=', Number(spaceId)).orderBy('seq').execute();
  return rows.map((r) => Number(r.seq));
}

/** Waits until every watcher saw the last of these bids, then stops them. */
export async function watchersDone(watchers: RoomWatcher[], seqs: number[]): Promise<void> {
  const last = seqs.at(-1) ?? 0;
  await until(async () => watchers.every((w) => w.last() >= last), 20_000, 'every watcher at the last bid');
  for (const w of watchers) await w.stop();
}

/** How many times each of these timed jobs ran (operation-log rows of the system's runs), by key. */
export async function runsOf(db: Db, kind: string, keys: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('operation_log')
    .select(['record_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('resource', '=', kind)
    .where('record_id', 'in', keys)
    .groupBy('record_id')
    .execute();
  return new Map(rows.map((r) => [r.record_id, Number(r.n)]));
}

/** The auction-close jobs of these pieces: their state and which node's run holds them. */
export function closeJobs(db: Db, pieceIds: string[]) {
  return db
    .selectFrom('scheduled_jobs')
    .select(['state', 'lease_owner'])
    .where('kind', '=', 'auction.close')
    .where('key', 'in', pieceIds)
    .execute();
}

/**
 * Waits until `node` holds one of these pieces' closes (they fall due around now) and freezes it
 * there (SIGSTOP), so the caller kills it while it holds one: frozen first, and left frozen only if
 * it still holds one, else thawed to run on. Answers how many it holds. Throws when the pieces
 * close before the node could be caught.
 */
export async function freezeWhileClosing(db: Db, node: ServerNode, pieceIds: string[]): Promise<number> {
  const held = (rows: Awaited<ReturnType<typeof closeJobs>>) =>
    rows.filter((r) => r.state === 'pending' && r.lease_owner?.startsWith(`${node.nodeId}:`)).length;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const rows = await closeJobs(db, pieceIds);
    if (rows.filter((r) => r.state === 'done').length >= pieceIds.length - 1 || Date.now() > deadline)
      throw new Error(`the pieces closed before node ${node.name} could be caught closing one`);
    if (held(rows) > 0) {
      node.freeze();
      const holding = held(await closeJobs(db, pieceIds));
      if (holding > 0) return holding;
      node.thaw();
    }
    await pause(3);
  }
}

/** Prints the nodes' logs when a fault test failed, then stops everything it started. */
export async function tearDown(err: unknown, inst: Installation, nodes: ServerNode[], watchers: RoomWatcher[] = []): Promise<void> {
  if (err) for (const n of nodes) console.error(`[faults] log of ${n.name}:\n${n.log().slice(-4000)}`);
  for (const w of watchers) await w.stop().catch(() => {});
  for (const n of nodes) await n.stop().catch(() => {});
  await inst.close();
}

export type { Acknowledged };
