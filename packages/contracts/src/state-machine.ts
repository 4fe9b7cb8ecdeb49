import type { ErrorKey } from './errors';
import type { Localized } from './i18n';

/** A state a record can be in: a number (0 draft, 1 on sale ...) or a word ('pending'). */
export type StateValue = string | number;

/** One way a record's state may change. */
export interface TransitionSpec<S extends StateValue = StateValue> {
  /**
   * The states the record may leave by it. Empty: the record is created in one of `to` (a new
   * order, a bid submitted for the first time).
   */
  readonly from: readonly S[];
  /** The states it may arrive in. */
  readonly to: readonly S[];
  /**
   * Who makes it: a call (named by its endpoint's `changes`, the default), a timed job only, or
   * any write as the consequence of another transition (a sold-out listing when an order takes
   * its last stock).
   */
  readonly by?: 'call' | 'job' | 'effect';
  /** The refusal of a record in none of `from`, when it is not the machine's own. */
  readonly refusal?: ErrorKey;
}

/**
 * A state machine of the database: which table holds the records, which column is their state,
 * and the states each transition may leave and reach. The server changes that column through one
 * helper only (platform/transitions.ts), which moves a record only from the states the transition
 * may leave: a copy that comes second finds the state already moved and gets the same refusal as
 * a call that comes late.
 */
export interface Machine<
  S extends StateValue = StateValue,
  T extends string = string,
  Table extends string = string,
  Column extends string = string,
> {
  /** The name transitions are known by on the wire of the endpoint tables: `<name>.<transition>`. */
  readonly name: string;
  readonly table: Table;
  /** The column that names a record (its primary key). */
  readonly id: string;
  /** The column that holds its state. */
  readonly state: Column;
  /** What a refusal calls each state, in three languages; without one it names the raw value. */
  readonly labels?: Partial<Record<S, Localized>>;
  /** The refusal of a transition from a state it may not leave (STATE_NOT_ALLOWED names the state). */
  readonly refusal: ErrorKey;
  readonly transitions: Readonly<Record<T, TransitionSpec<S>>>;
}

/** Declares a machine; the types of its states and transition names are kept for its callers. */
/* @__NO_SIDE_EFFECTS__ */
export function defineMachine<const S extends StateValue, const T extends string, const Table extends string, const Column extends string>(
  machine: Machine<S, T, Table, Column>,
): Machine<S, T, Table, Column> {
  return machine;
}

/** The states of a machine. */
export type StateOf<M> = M extends Machine<infer S, string, string, string> ? S : never;
/** The transition names of a machine. */
export type TransitionOf<M> = M extends Machine<StateValue, infer T, string, string> ? T : never;

/** How an endpoint table names a transition it makes: `listing.approve`. */
export type TransitionRef = `${string}.${string}`;

/**
 * The transitions a call makes, for an endpoint's `changes`: `changesOf(listingMachine, 'approve', 'reject')`.
 * Free of side effects, so a bundle that does not use an endpoint table leaves it out.
 */
/* @__NO_SIDE_EFFECTS__ */
export function changesOf<M extends Machine, T extends TransitionOf<M>>(machine: M, ...names: T[]): TransitionRef[] {
  return names.map((name): TransitionRef => `${machine.name}.${name}`);
}

/** The transitions of several machines a call makes: `joinChanges(changesOf(a, 'x'), changesOf(b, 'y'))` (no spread, so bundles can drop it). */
/* @__NO_SIDE_EFFECTS__ */
export function joinChanges(...groups: TransitionRef[][]): TransitionRef[] {
  return groups.flat();
}

/** True for a declared machine (what the checks collect from the contract modules). */
export function isMachine(value: unknown): value is Machine {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Partial<Machine>;
  return typeof m.name === 'string' && typeof m.table === 'string' && typeof m.state === 'string' && typeof m.transitions === 'object';
}
