import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ERRORS, type ErrorKey } from '@portal/contracts/errors';
import type { Endpoint } from '@portal/contracts/endpoint';
import type { Db } from '../db/database';
import { verifyChain } from '../modules/auction-trade';
import { checkInvariant } from '../modules/deposits';
import { verifyTenderChains } from '../modules/tender-trade';
import { loadSettings } from '../settings';
import { createTestApp, type Envelope, type TestApp } from './test-app';
import { manualClock, withTraders, type Trader, type TradingApp } from './trading';
import { canRunTwoServers, startTwoServers, type TwoServers } from './two-servers';

/** One request of a race: who sends which call with which body. */
export interface Call {
  who: Trader;
  endpoint: Endpoint;
  body: unknown;
}

/**
 * What racing copies of a call may do:
 * - `one`: exactly one copy succeeds, the others are refused (a decision, a transition);
 * - `same`: every copy that succeeds answers the record the first one made (a retried request);
 * - `each`: every copy is a change of its own (an edit, a new draft), made one after the other.
 */
export type Outcome = 'one' | 'same' | 'each';

/** How the sweep covers one state-changing endpoint. */
export interface RaceFixture {
  /**
   * Sets up a fresh record in the state the call needs and answers the call; for a decision also
   * its opposite (accept and decline, approve and reject, confirm and refuse), raced in a mixed round.
   */
  arrange(r: Racing): Promise<{ call: Call; opposite?: Call }>;
  outcome: Outcome;
  /** The refusals a copy that comes second may get: the ones a late call gets. */
  refusals: ErrorKey[];
  /** For `same`: what names the record an answer is about (an order number, a registration). */
  sameBy?: (data: unknown) => string;
}

/** The servers a race runs on and the helpers its fixtures set records up with. */
export type Racing = TradingApp & {
  clock: ReturnType<typeof manualClock>;
  /** Where the copies go: both servers on PostgreSQL, the one app on SQLite. */
  servers: 'two' | 'one';
  db: Db;
  /** Runs the jobs due on the clock's time (on the first server). */
  runDue(): Promise<number>;
  /** Sends one copy: through the proxy that alternates the two servers, or into the one app. */
  send(call: Call): Promise<{ status: number; body: Envelope }>;
  close(): Promise<void>;
};

/** When the sweep's clock starts; every fixture sets its records up relative to the clock's time. */
export const RACE_CLOCK_START = '2027-06-01T08:00:00.000Z';

/**
 * The platform the sweep races on: two servers on one PostgreSQL schema and Redis prefix when the
 * run has them (what several servers are in production), else one app on in-memory SQLite.
 */
export async function startRacing(): Promise<Racing> {
  const clock = manualClock(RACE_CLOCK_START);
  const env = { AUCTION_BIDS_PER_SECOND: '1000', TENDER_REVIEW: 'on', TENDER_SEAL_KEY: randomBytes(32).toString('base64') };
  let two: TwoServers | undefined;
  let t: TestApp;
  if (canRunTwoServers) {
    two = await startTwoServers({ env, now: clock.now });
    const first = two.servers[0];
    t = {
      app: first.app,
      database: first.database,
      kv: first.kv,
      settings: loadSettings({ NODE_ENV: 'test', ...env }),
      close: async () => {},
    };
  } else {
    t = await createTestApp(env, { now: clock.now });
  }
  const a = await withTraders(t, ['admin', 'buyer01', 'buyer02', 'buyer03', 'supplier01', 'supplier02', 'supplier03']);
  const url = two?.url;
  async function send(call: Call) {
    const headers = { token: a.tokens[call.who], 'content-type': 'application/json' };
    if (url) {
      const res = await fetch(`${url}${call.endpoint.path}`, { method: call.endpoint.method, headers, body: JSON.stringify(call.body) });
      return { status: res.status, body: (await res.json()) as Envelope };
    }
    const res = await t.app.inject({ method: call.endpoint.method, url: call.endpoint.path, headers, payload: JSON.stringify(call.body) });
    return { status: res.statusCode, body: res.json() as Envelope };
  }
  return {
    ...a,
    clock,
    servers: two ? 'two' : 'one',
    db: t.database.db,
    runDue: () => t.app.live.scheduler.runDue(),
    send,
    close: () => (two ? two.close() : t.close()),
  };
}

/** What the database holds, as far as a race can change it. */
interface Snapshot {
  rows: Record<string, number>;
  lastMessage: number;
  lastLog: number;
}

/**
 * Tables whose rows a race does not decide: the store of short-lived values (SQLite), the sign-in
 * log, and the market's counts per filter combination, whose rows depend on the other listings.
 */
// Contract signing keys are issued at a company's first signature, whichever call that is.
const NOT_COMPARED = new Set(['kv', 'login_log', 'listing_facets', 'contract_platform_keys', 'contract_company_keys']);

export function measure(db: Db, dialect: 'sqlite' | 'postgres') {
  let tables: string[] | undefined;
  async function tableNames(): Promise<string[]> {
    if (tables) return tables;
    const schema = dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s : undefined;
    tables = (await db.introspection.getTables())
      .filter((table) => schema === undefined || table.schema === schema)
      .map((table) => table.name)
      .filter((name) => !NOT_COMPARED.has(name) && !name.startsWith('kysely_'))
      .sort();
    return tables;
  }
  const maxId = (table: 'messages' | 'operation_log') => newestId(db, table);

  return {
    async snapshot(): Promise<Snapshot> {
      const names = await tableNames();
      const counts = sql.join(names.map((name) => sql`(select count(*) from ${sql.table(name)}) as ${sql.ref(name)}`));
      const row = (await sql<Record<string, number | string>>`select ${counts}`.execute(db)).rows[0]!;
      const rows = Object.fromEntries(Object.entries(row).map(([name, n]) => [name, Number(n)]));
      return { rows, lastMessage: await maxId('messages'), lastLog: await maxId('operation_log') };
    },

    /** What changed since `before`: rows gained or lost per table, messages per recipient and kind, log rows. */
    async since(before: Snapshot) {
      const after = await this.snapshot();
      const rows = Object.fromEntries(
        Object.keys(after.rows)
          .map((name) => [name, after.rows[name]! - (before.rows[name] ?? 0)] as const)
          .filter(([, n]) => n !== 0),
      );
      const messages = await db
        .selectFrom('messages')
        .select(['user_id', 'kind', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('id', '>', before.lastMessage)
        .groupBy(['user_id', 'kind'])
        .execute();
      const logs = await db
        .selectFrom('operation_log')
        .select(['resource', 'action', 'record_id'])
        .where('id', '>', before.lastLog)
        .orderBy('id')
        .execute();
      return {
        rows,
        messages: Object.fromEntries(messages.map((m) => [`user ${m.user_id}: ${m.kind}`, Number(m.n)])),
        logs: logs.map((l) => `${l.resource}:${l.record_id} ${l.action}`),
      };
    },
  };
}
export type Change = Awaited<ReturnType<ReturnType<typeof measure>['since']>>;

/** The wire code of each refusal a fixture allows. */
export const codesOf = (keys: ErrorKey[]) => new Set(keys.map((key) => ERRORS[key].code));

/** The newest listing and auction piece before a sweep: the demo data's own are written straight into the tables. */
export async function firstRecords(db: Db): Promise<{ listing: number; piece: number }> {
  return { listing: (await newestId(db, 'listings')) + 1, piece: (await newestId(db, 'auction_pieces')) + 1 };
}

/** The highest id of a table (0 when empty). */
async function newestId(db: Db, table: 'listings' | 'auction_pieces' | 'messages' | 'operation_log'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * The checks that must hold whatever raced: deposit accounts equal their ledgers; each listing's
 * quantity is what is left plus what live orders took, sold out exactly when nothing is left;
 * an auction piece has orders exactly when it was (partly) sold; every auction space's bid chain
 * and every tender's record chain verify. Listings and pieces are checked from `from` on (those
 * made through the calls). Answers the problems found and how many checks ran.
 */
export async function invariants(db: Db, from: { listing: number; piece: number }): Promise<{ problems: string[]; checks: number }> {
  const problems: string[] = [];
  let checks = 0;

  const deposits = await checkInvariant(db);
  checks++;
  problems.push(...deposits.problems.map((p) => `deposits: ${p}`));

  const listings = await db
    .selectFrom('listings as l')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('orders')
          .select(['listing_id', (x) => x.fn.sum<number | string>('quantity_milli').as('taken')])
          .where('origin', '=', 'listing')
          .where('state', '!=', 9)
          .groupBy('listing_id')
          .as('o'),
      (join) => join.onRef('o.listing_id', '=', 'l.id'),
    )
    .select(['l.id', 'l.obj_state', 'l.obj_listing_milli', 'l.surplus_milli', 'o.taken'])
    .where('l.id', '>=', from.listing)
    .execute();
  checks++;
  for (const l of listings) {
    const taken = Number(l.taken ?? 0);
    if (Number(l.obj_listing_milli) !== Number(l.surplus_milli) + taken)
      problems.push(`listing ${l.id}: ${l.obj_listing_milli} listed, ${l.surplus_milli} left and ${taken} taken by live orders`);
    if (Number(l.surplus_milli) < 0) problems.push(`listing ${l.id}: ${l.surplus_milli} left`);
    if ((l.obj_state === 2) !== (Number(l.surplus_milli) === 0) && (l.obj_state === 1 || l.obj_state === 2))
      problems.push(`listing ${l.id}: state ${l.obj_state} with ${l.surplus_milli} left`);
  }

  const pieces = await db
    .selectFrom('auction_pieces as p')
    .select([
      'p.id',
      'p.trade_status',
      (eb) =>
        eb
          .selectFrom('orders as o')
          .select((x) => x.fn.countAll<number | string>().as('n'))
          .where('o.origin', '=', 'auction')
          .where('o.request_id', 'like', sql<string>`'auction:' || cast(p.id as varchar(20)) || ':%'`)
          .as('orders'),
    ])
    .where('p.id', '>=', from.piece)
    .execute();
  checks++;
  for (const p of pieces) {
    const orders = Number(p.orders ?? 0);
    const sold = p.trade_status === 1 || p.trade_status === 3;
    if (sold !== orders > 0) problems.push(`auction piece ${p.id}: trade status ${p.trade_status} with ${orders} orders`);
  }

  const spaces = await db.selectFrom('auction_spaces').select('id').where('last_seq', '>', 0).execute();
  for (const { id } of spaces) {
    const report = await verifyChain(db, id);
    checks++;
    if (!report.ok) problems.push(`auction space ${id}: bid chain broken at seq ${report.broken?.seq}: ${report.broken?.reason}`);
  }

  const tenders = await verifyTenderChains(db);
  checks++;
  problems.push(...tenders.problems.map((p) => `tenders: ${p}`));
  return { problems, checks };
}
