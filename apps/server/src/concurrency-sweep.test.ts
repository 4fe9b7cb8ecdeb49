import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@portal/contracts/endpoint';
import { scheduledJobMachine } from './platform/scheduler';
import { contractEndpoints, contractMachines } from './test/contract-endpoints';
import { fixtureKey, RACE_FIXTURES } from './test/race-fixtures';
import {
  codesOf,
  firstRecords,
  invariants,
  measure,
  type Call,
  type Change,
  type Racing,
  type RaceFixture,
  startRacing,
} from './test/racing';

/**
 * Racing copies of every call that changes a state, taken from the contracts (an endpoint's
 * `changes`), so a new one cannot be left out: for each, a fresh record is set up, ten identical
 * copies are sent at once and, for a decision, five of it and five of its opposite mixed. On
 * PostgreSQL with Redis they go to two servers behind a proxy that alternates them; on SQLite to
 * the one app. Whatever the race, the copies must leave exactly what one call leaves: one success
 * (or, for a retried request, one record answered to all), the documented refusal for the rest,
 * the same rows, operation-log rows and messages per recipient as a single call on a record set up
 * alike, and every invariant check clean.
 */
const COPIES = 10;
const endpoints = (await contractEndpoints()).filter((e) => (e.changes?.length ?? 0) > 0);
/** Every machine: those of the contracts and the scheduler's own. */
const machines = [...(await contractMachines()), scheduledJobMachine];
const nameOf = (e: Endpoint) => fixtureKey(e);

let r: Racing;
let m: ReturnType<typeof measure>;
let from: Awaited<ReturnType<typeof firstRecords>>;
/** What the sweep did, per outcome: rounds raced, copies sent, copies that succeeded, records they made or moved. */
const tally = () => ({ rounds: 0, copies: 0, successes: 0, records: 0 });
const figures = { calls: 0, one: tally(), same: tally(), each: tally(), refusals: 0, controls: 0, invariantChecks: 0 };

beforeAll(async () => {
  r = await startRacing();
  m = measure(r.db, r.t.database.dialect);
  from = await firstRecords(r.db);
}, 120_000);
afterAll(async () => {
  // The figures of the sweep, for the report of a run.
  console.info(`concurrency sweep (${r?.servers === 'two' ? 'two servers' : 'one server'}): ${JSON.stringify(figures)}`);
  await r?.close();
});

/** Sends the copies at once and checks what each answered; answers the change and which call won. */
async function race(fixture: RaceFixture, copies: Call[], what: string) {
  const before = await m.snapshot();
  const answers = await Promise.all(copies.map((c) => r.send(c)));
  const change = await m.since(before);
  const counted = figures[fixture.outcome];
  counted.rounds++;
  counted.copies += copies.length;
  const allowed = codesOf(fixture.refusals);
  const won: number[] = [];
  for (const [i, { status, body }] of answers.entries()) {
    expect(status, `${what}: copy ${i} answered ${JSON.stringify(body)}`).toBeLessThan(500);
    if (body.error_no === '0') won.push(i);
    else expect(allowed.has(body.error_no), `${what}: copy ${i} refused with ${body.error_no} ${body.error_info}`).toBe(true);
  }
  counted.successes += won.length;
  figures.refusals += copies.length - won.length;
  if (fixture.outcome === 'each') {
    expect(won, `${what}: every copy is a change of its own`).toHaveLength(copies.length);
    expect(change.logs, `${what}: one log row per change`).toHaveLength(copies.length);
    counted.records += won.length;
  } else if (fixture.outcome === 'one') {
    expect(won.length, `${what}: successes (answers ${JSON.stringify(answers.map((a) => a.body.error_no))})`).toBe(1);
    counted.records++;
  } else {
    expect(won.length, `${what}: successes`).toBeGreaterThanOrEqual(1);
    const records = new Set(won.map((i) => fixture.sameBy!(answers[i]!.body.data)));
    expect([...records], `${what}: every success answers the same record`).toHaveLength(1);
    counted.records++;
  }
  const check = await invariants(r.db, from);
  figures.invariantChecks += check.checks;
  expect(check.problems, `${what}: invariants`).toEqual([]);
  return { change, winner: won.length > 0 ? copies[won[0]!]! : undefined };
}

/** What one call leaves on a record set up the same way: the measure of what a race may leave. */
async function control(fixture: RaceFixture, side: 'call' | 'opposite'): Promise<Change> {
  const arranged = await fixture.arrange(r);
  const one = side === 'call' ? arranged.call : arranged.opposite!;
  const before = await m.snapshot();
  const { status, body } = await r.send(one);
  expect([status, body.error_no], `the single ${side}: ${body.error_info}`).toEqual([200, '0']);
  figures.controls++;
  return m.since(before);
}

/** The same tables changed by the same number of rows, the same messages to the same people, the same log rows. */
function expectSameChange(raced: Change, single: Change, what: string) {
  expect(raced.rows, `${what}: rows gained per table`).toEqual(single.rows);
  expect(raced.messages, `${what}: messages per recipient and kind`).toEqual(single.messages);
  const actions = (c: Change) => c.logs.map((l) => l.replace(/:\S* /, ' '));
  expect(actions(raced), `${what}: operation-log rows`).toEqual(actions(single));
}

describe(`racing copies of every state-changing call (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('knows the state-changing calls from the contracts and has a fixture for each', () => {
    expect(endpoints.length).toBeGreaterThan(30);
    const missing = endpoints.map(nameOf).filter((name) => !RACE_FIXTURES[name]);
    expect(missing, 'state-changing endpoints without a race fixture').toEqual([]);
    const stale = Object.keys(RACE_FIXTURES).filter((name) => !endpoints.some((e) => nameOf(e) === name));
    expect(stale, 'fixtures of endpoints that change no state').toEqual([]);
  });

  it('names only declared transitions, and every transition a call makes is named by a call', () => {
    const declared = new Set(machines.flatMap((machine) => Object.keys(machine.transitions).map((t) => `${machine.name}.${t}`)));
    const named = new Set<string>(endpoints.flatMap((e) => e.changes ?? []));
    expect(
      [...named].filter((t) => !declared.has(t)),
      'endpoints naming transitions no machine declares',
    ).toEqual([]);
    const byCalls = machines.flatMap((machine) =>
      Object.entries(machine.transitions)
        .filter(([, spec]) => (spec.by ?? 'call') === 'call')
        .map(([t]) => `${machine.name}.${t}`),
    );
    expect(
      byCalls.filter((t) => !named.has(t)),
      'transitions made by a call that no endpoint names',
    ).toEqual([]);
  });

  it.each(endpoints.map((e) => [nameOf(e), e] as const))('%s', { timeout: 60_000 }, async (name) => {
    const fixture = RACE_FIXTURES[name];
    if (!fixture) return; // reported above
    figures.calls++;
    const first = await fixture.arrange(r);
    const identical = await race(
      fixture,
      Array.from({ length: COPIES }, () => first.call),
      `${name}: ${COPIES} identical copies`,
    );
    const rounds: { change: Change; what: string; side: 'call' | 'opposite' }[] = [
      { change: identical.change, what: `${name}: ${COPIES} identical copies`, side: 'call' },
    ];
    if (first.opposite) {
      const next = await fixture.arrange(r);
      const mixed = Array.from({ length: COPIES }, (_, i) => (i % 2 === 0 ? next.call : next.opposite!));
      const raced = await race(fixture, mixed, `${name}: ${COPIES / 2} and ${COPIES / 2} opposite copies`);
      rounds.push({
        change: raced.change,
        what: `${name}: mixed copies`,
        side: raced.winner?.body === next.call.body ? 'call' : 'opposite',
      });
    }
    if (fixture.outcome === 'each') return;
    const singles = new Map<'call' | 'opposite', Change>();
    for (const round of rounds) {
      if (!singles.has(round.side)) singles.set(round.side, await control(fixture, round.side));
      expectSameChange(round.change, singles.get(round.side)!, round.what);
    }
  });
});
