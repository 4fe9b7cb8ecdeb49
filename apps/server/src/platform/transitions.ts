import { AsyncLocalStorage } from 'node:async_hooks';
import { SqliteAdapter, sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { Endpoint } from '@portal/contracts/endpoint';
import type { Localized } from '@portal/contracts/i18n';
import type { Machine, StateOf, StateValue, TransitionOf, TransitionSpec } from '@portal/contracts/state-machine';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { AppError } from './errors';

/**
 * The one way a record's state changes (the machines are declared with their contracts, see
 * state-machine.ts). A transition updates the row only while it is in a state the transition may
 * leave, in one conditional statement checked by the rows it changed: of copies racing on one
 * record, on one server or several, the first moves it and every other finds it moved and gets the
 * refusal a late call gets, thrown inside the write path's transaction, so nothing else of it is
 * written either (no order, no message, no log row). Services and repositories write no state
 * column themselves (scripts/check-transitions.mjs fails when one does); a service that must read
 * a record and decide on more than its state holds the row first (`FOR UPDATE`, or the space's
 * hold), and still moves it through here.
 */

type Table<M extends Machine> = M['table'] & keyof Database;
type Row<M extends Machine> = Selectable<Database[Table<M>]>;
type StateColumn<M extends Machine> = M['state'] & keyof Database[Table<M>];

/** An update of a state table that leaves the state alone: the columns a transition writes besides it. */
export type Stateless<T, K extends keyof T> = Omit<Updateable<T>, K> & { [P in K]?: never };
/** A new row of a state table without its state: create() gives it the state its transition makes. */
export type StatelessRow<T, K extends keyof T> = Omit<Insertable<T>, K> & { [P in K]?: never };

type Columns<M extends Machine> = Stateless<Database[Table<M>], StateColumn<M>>;
/** Columns a record takes when an insert meets it: values, or expressions such as `excluded.<column>`. */
type UpsertSet<M extends Machine> = { [C in keyof Columns<M>]?: Columns<M>[C] | RawBuilder<unknown> };

export interface Move<M extends Machine> {
  /** The state it arrives in: one of the transition's. */
  to: StateOf<M>;
  /** Other columns written with it. */
  set?: Columns<M>;
  /** Fewer states to leave than the transition allows: the one the caller read and decided on (any other refuses). */
  from?: readonly StateOf<M>[];
  /** Further columns the row must still hold (a scheduler claim's owner), each equal to its value. */
  where?: Record<string, string | number | null>;
}

/** The calls whose transitions are held to their endpoint's `changes`. */
const calls = new AsyncLocalStorage<Endpoint>();

/** Runs an endpoint's handler as that call: the transitions it makes must be ones its contract names. */
export function inCall<T>(endpoint: Endpoint, run: () => T): T {
  return calls.run(endpoint, run);
}

const inProduction = process.env.NODE_ENV === 'production';
const warned = new Set<string>();
function warnOnce(problem: string): void {
  if (warned.has(problem)) return;
  warned.add(problem);
  process.emitWarning(problem, 'UndeclaredTransition');
}

function specOf<M extends Machine>(machine: M, transition: string): TransitionSpec {
  const spec = (machine.transitions as Record<string, TransitionSpec | undefined>)[transition];
  if (!spec) throw new Error(`${machine.name} has no transition ${transition}`);
  const endpoint = calls.getStore();
  const by = spec.by ?? 'call';
  // A contract says which transitions a call makes; the concurrency sweep races every call that names one.
  if (endpoint && by !== 'effect' && !(endpoint.changes ?? []).includes(`${machine.name}.${transition}`)) {
    const problem = `${endpoint.method} ${endpoint.path} makes ${machine.name}.${transition}, which its contract's changes do not name`;
    // The list is how the sweep finds what to race, not a rule a user should pay for: outside
    // production the call fails so every test sees the gap; in production it goes on, with a warning.
    if (!inProduction) throw new Error(problem);
    warnOnce(problem);
  }
  return spec;
}

function checkTo(machine: Machine, transition: string, spec: TransitionSpec, to: StateValue): void {
  if (!spec.to.includes(to)) throw new Error(`${machine.name}.${transition} does not lead to ${String(to)}`);
}

/** The refusal of a transition (the machine's, when none is named) from `state` (undefined: the record is gone). */
export function refusalOf(machine: Machine, state: StateValue | undefined, transition?: string): AppError {
  if (state === undefined) return new AppError('NOT_FOUND');
  const spec = transition === undefined ? undefined : (machine.transitions as Record<string, TransitionSpec | undefined>)[transition];
  const key = spec?.refusal ?? machine.refusal;
  const labels = machine.labels as Record<string, Localized | undefined> | undefined;
  // A machine without labels refuses with its refusal alone: its states are not words for people.
  if (!labels) return new AppError(key);
  return AppError.naming(key, {
    state: labels[String(state)] ?? { 'zh-CN': String(state), 'en-US': String(state), 'zh-TW': String(state) },
  });
}

/**
 * Which record: its id, or the columns of another key that name it (a timed job by kind and key).
 */
export type RecordKey = number | Record<string, string | number>;

type Loose = Kysely<Record<string, Record<string, unknown>>>;
const loose = (trx: Db) => trx as unknown as Loose;
const onSqlite = (trx: Db) => trx.getExecutor().adapter instanceof SqliteAdapter;
const keyed = (machine: Machine, key: RecordKey) => Object.entries(typeof key === 'number' ? { [machine.id]: key } : key);

async function stateNow(trx: Db, machine: Machine, key: RecordKey): Promise<StateValue | undefined> {
  let q = loose(trx).selectFrom(machine.table).select(machine.state);
  for (const [column, value] of keyed(machine, key)) q = q.where(column, '=', value);
  const row = await q.executeTakeFirst();
  return row?.[machine.state] as StateValue | undefined;
}

/**
 * Moves the record `key` names by `transition` to `change.to`, writing `change.set` with it, only from a state
 * the transition may leave; answers the row as it is now. A record in any other state (moved by a
 * call that came first) refuses with the machine's refusal naming the state it is in.
 */
export async function move<M extends Machine>(
  trx: Db,
  machine: M,
  transition: TransitionOf<M>,
  key: RecordKey,
  change: Move<M>,
): Promise<Row<M>> {
  const moved = await moveIfAllowed(trx, machine, transition, key, change);
  if (moved) return moved;
  throw refusalOf(machine, await stateNow(trx, machine, key), transition);
}

/**
 * As move(), from the state `row` was read in (and held in, for the transaction): a row the
 * transition cannot leave, or one that moved since, refuses.
 */
export function moveFrom<M extends Machine>(
  trx: Db,
  machine: M,
  transition: TransitionOf<M>,
  row: Row<M>,
  change: Omit<Move<M>, 'from'>,
): Promise<Row<M>> {
  const read = row as Record<string, unknown>;
  return move(trx, machine, transition, read[machine.id] as number, { ...change, from: [read[machine.state] as StateOf<M>] });
}

/** As move(), answering undefined instead of refusing (a timed job whose record moved on does nothing). */
export async function moveIfAllowed<M extends Machine>(
  trx: Db,
  machine: M,
  transition: TransitionOf<M>,
  key: RecordKey,
  change: Move<M>,
): Promise<Row<M> | undefined> {
  const spec = specOf(machine, transition);
  checkTo(machine, transition, spec, change.to);
  // A record read in a state the transition does not leave is refused like one that moved meanwhile.
  const from = change.from ? spec.from.filter((state) => change.from!.includes(state as StateOf<M>)) : spec.from;
  if (from.length === 0) return undefined;
  let q = loose(trx)
    .updateTable(machine.table)
    .set({ ...(change.set as Record<string, unknown>), [machine.state]: change.to })
    .where(machine.state, 'in', [...from]);
  for (const [column, value] of [...keyed(machine, key), ...Object.entries(change.where ?? {})]) {
    q = value === null ? q.where(column, 'is', null) : q.where(column, '=', value);
  }
  const row = await q.returningAll().executeTakeFirst();
  return row as Row<M> | undefined;
}

/**
 * Moves many records by one transition in one statement per 200 (an opening decides hundreds of
 * bids), each to its own state; refuses as move() does when any of them was not in a state the
 * transition leaves, so none of them moves.
 */
export async function moveEach<M extends Machine>(
  trx: Db,
  machine: M,
  transition: TransitionOf<M>,
  moves: { id: number; to: StateOf<M> }[],
  set: Columns<M> = {} as Columns<M>,
): Promise<void> {
  const spec = specOf(machine, transition);
  for (const m of moves) checkTo(machine, transition, spec, m.to);
  // PostgreSQL gives a parameter inside CASE no type of its own: a number is cast to the column's.
  const value = (to: StateValue) => (typeof to === 'number' && !onSqlite(trx) ? sql`cast(${to} as integer)` : sql`${to}`);
  for (let i = 0; i < moves.length; i += 200) {
    const chunk = moves.slice(i, i + 200);
    const to = sql`case ${sql.ref(machine.id)} ${sql.join(
      chunk.map((m) => sql`when ${m.id} then ${value(m.to)}`),
      sql` `,
    )} end`;
    const moved = await loose(trx)
      .updateTable(machine.table)
      .set({ ...(set as Record<string, unknown>), [machine.state]: to })
      .where(
        machine.id,
        'in',
        chunk.map((m) => m.id),
      )
      .where(machine.state, 'in', [...spec.from])
      .returning(machine.id)
      .execute();
    const ids = new Set(moved.map((row) => Number(row[machine.id])));
    const missed = chunk.find((m) => !ids.has(m.id));
    if (missed) throw refusalOf(machine, await stateNow(trx, machine, missed.id), transition);
  }
}

/** Writes a new record in the state its creating transition (one that leaves no state) makes. */
export async function create<M extends Machine>(
  trx: Db,
  machine: M,
  transition: TransitionOf<M>,
  to: StateOf<M>,
  values: StatelessRow<Database[Table<M>], StateColumn<M>>,
): Promise<Row<M>> {
  return (await createAll(trx, machine, transition, to, [values]))[0]!;
}

/** Writes several new records in one statement, each in the state the creating transition makes; answers them in the same order. */
export async function createAll<M extends Machine>(
  trx: Db,
  machine: M,
  transition: TransitionOf<M>,
  to: StateOf<M>,
  rows: StatelessRow<Database[Table<M>], StateColumn<M>>[],
): Promise<Row<M>[]> {
  const spec = specOf(machine, transition);
  if (spec.from.length > 0) throw new Error(`${machine.name}.${transition} moves a record, it does not create one`);
  checkTo(machine, transition, spec, to);
  if (rows.length === 0) return [];
  const created = await loose(trx)
    .insertInto(machine.table)
    .values(rows.map((values) => ({ ...(values as Record<string, unknown>), [machine.state]: to })))
    .returningAll()
    .execute();
  // Neither database promises the order of the rows an insert answers: ids grow with the order written.
  return (created as Row<M>[]).sort(
    (a, b) => Number((a as Record<string, unknown>)[machine.id]) - Number((b as Record<string, unknown>)[machine.id]),
  );
}

/**
 * Writes new records, or moves those already holding the same `key` columns by `transition` (when
 * their state allows it), in one statement: timed jobs scheduled again. `set` is what a moved
 * record takes; it may name the values offered for the record as `excluded.<column>`.
 */
export async function createOrMove<M extends Machine>(
  trx: Db,
  machine: M,
  creation: TransitionOf<M>,
  transition: TransitionOf<M>,
  to: StateOf<M>,
  values: StatelessRow<Database[Table<M>], StateColumn<M>> | StatelessRow<Database[Table<M>], StateColumn<M>>[],
  key: string[],
  set: UpsertSet<M>,
): Promise<void> {
  const created = specOf(machine, creation);
  const moved = specOf(machine, transition);
  if (created.from.length > 0) throw new Error(`${machine.name}.${creation} moves a record, it does not create one`);
  checkTo(machine, creation, created, to);
  checkTo(machine, transition, moved, to);
  const rows = Array.isArray(values) ? values : [values];
  if (rows.length === 0) return;
  await loose(trx)
    .insertInto(machine.table)
    .values(rows.map((row) => ({ ...(row as Record<string, unknown>), [machine.state]: to })))
    .onConflict((oc) =>
      oc
        .columns(key)
        .doUpdateSet({ ...(set as Record<string, unknown>), [machine.state]: to })
        .where(`${machine.table}.${machine.state}` as never, 'in', [...moved.from] as never),
    )
    .execute();
}
