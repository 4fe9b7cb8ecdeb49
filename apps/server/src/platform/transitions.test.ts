import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@portal/contracts/endpoint';
import { defineMachine } from '@portal/contracts/state-machine';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../test/test-app';
import { AppError } from './errors';
import { create, createOrMove, inCall, move, moveEach, moveIfAllowed } from './transitions';

const l = (zhCN: string, enUS: string, zhTW: string) => ({ 'zh-CN': zhCN, 'en-US': enUS, 'zh-TW': zhTW });

/** A machine over the scheduler's table, for the helper alone. */
const jobs = defineMachine({
  name: 'testJob',
  table: 'scheduled_jobs',
  id: 'id',
  state: 'state',
  labels: { pending: l('待运行', 'Pending', '待運行'), done: l('已完成', 'Done', '已完成'), cancelled: l('已取消', 'Cancelled', '已取消') },
  refusal: 'STATE_NOT_ALLOWED',
  transitions: {
    schedule: { from: [], to: ['pending'] },
    finish: { from: ['pending'], to: ['done'] },
    cancel: { from: ['pending'], to: ['cancelled'], by: 'effect' },
    reopen: { from: ['done', 'cancelled'], to: ['pending'] },
  },
});

const endpoint = (changes: Endpoint['changes']): Endpoint => ({
  method: 'POST',
  path: '/test/jobs',
  access: 'public',
  answer: z.null(),
  summary: 'test',
  ...(changes ? { changes } : {}),
});

let t: TestApp;
let seq = 0;
const at = '2027-06-01T08:00:00.000Z';
beforeAll(async () => {
  t = await createTestApp({}, { demo: false });
});
afterAll(async () => {
  await t.close();
});

const newJob = () =>
  t.database.db
    .transaction()
    .execute((trx) => create(trx, jobs, 'schedule', 'pending', { kind: 'test', key: `k${++seq}`, run_at: at, updated_at: at }));
const stateOf = async (id: number) =>
  (await t.database.db.selectFrom('scheduled_jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;

/** The refusal a call throws, as its key and the state it names. */
async function refusal(run: Promise<unknown>) {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { key: e.key, state: e.localizedParams?.state?.['en-US'] };
}

describe(`transitions (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('creates a record in its first state and moves it only from a state the transition leaves', async () => {
    const job = await newJob();
    expect(job.state).toBe('pending');
    const done = await t.database.db
      .transaction()
      .execute((trx) => move(trx, jobs, 'finish', job.id, { to: 'done', set: { done_at: at, updated_at: at } }));
    expect([done.state, done.done_at]).toEqual(['done', at]);
    // A late call: the record has moved on, the refusal names the state it is in.
    const late = t.database.db.transaction().execute((trx) => move(trx, jobs, 'finish', job.id, { to: 'done' }));
    expect(await refusal(late)).toEqual({ key: 'STATE_NOT_ALLOWED', state: 'Done' });
    expect(await t.database.db.transaction().execute((trx) => moveIfAllowed(trx, jobs, 'finish', job.id, { to: 'done' }))).toBeUndefined();
  });

  it('refuses a record read in a state the transition does not leave, and a missing one as not found', async () => {
    const job = await newJob();
    const read = t.database.db.transaction().execute((trx) => move(trx, jobs, 'reopen', job.id, { to: 'pending', from: ['pending'] }));
    expect(await refusal(read)).toEqual({ key: 'STATE_NOT_ALLOWED', state: 'Pending' });
    const gone = t.database.db.transaction().execute((trx) => move(trx, jobs, 'finish', 999_999, { to: 'done' }));
    expect((await refusal(gone)).key).toBe('NOT_FOUND');
  });

  it('lets one of two racing transitions through; the other refuses and its transaction writes nothing', async () => {
    const job = await newJob();
    const parallel = t.database.dialect === 'postgres';
    // On PostgreSQL the second starts while the first holds the moved row uncommitted; SQLite runs them one after the other.
    let second!: () => void;
    const secondStarted = new Promise<void>((resolve) => (second = resolve));
    const attempt = (id: number, who: string, waitForOther: boolean) =>
      t.database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('kv')
          .values({ key: `race:${who}`, value: who, expires_at: Date.now() + 60_000 })
          .execute();
        if (!waitForOther) second();
        const moved = await move(trx, jobs, 'finish', id, { to: 'done', set: { last_error: who } });
        if (waitForOther && parallel) await secondStarted;
        return moved;
      });
    const results = await Promise.allSettled([attempt(job.id, 'first', true), attempt(job.id, 'second', false)]);
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i === 0 ? 'first' : 'second'] : []));
    expect(won).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((lost.reason as AppError).key).toBe('STATE_NOT_ALLOWED');
    const kept = await t.database.db.selectFrom('kv').select('value').where('key', 'like', 'race:%').execute();
    expect(kept.map((k) => k.value)).toEqual(won);
    expect(
      (await t.database.db.selectFrom('scheduled_jobs').select('last_error').where('id', '=', job.id).executeTakeFirstOrThrow()).last_error,
    ).toBe(won[0]);
  });

  it('moves many records in one go, or none when one of them is not in a state the transition leaves', async () => {
    const [a, b, c] = [await newJob(), await newJob(), await newJob()];
    await t.database.db.transaction().execute((trx) => move(trx, jobs, 'finish', c.id, { to: 'done' }));
    const mixed = t.database.db.transaction().execute((trx) =>
      moveEach(trx, jobs, 'cancel', [
        { id: a.id, to: 'cancelled' },
        { id: b.id, to: 'cancelled' },
        { id: c.id, to: 'cancelled' },
      ]),
    );
    expect(await refusal(mixed)).toEqual({ key: 'STATE_NOT_ALLOWED', state: 'Done' });
    expect([await stateOf(a.id), await stateOf(b.id)]).toEqual(['pending', 'pending']);
    // A record already where the move would take it did not leave an allowed state either.
    const again = t.database.db.transaction().execute((trx) =>
      moveEach(trx, jobs, 'finish', [
        { id: a.id, to: 'done' },
        { id: c.id, to: 'done' },
      ]),
    );
    expect(await refusal(again)).toEqual({ key: 'STATE_NOT_ALLOWED', state: 'Done' });
    expect(await stateOf(a.id)).toBe('pending');
    await t.database.db.transaction().execute((trx) =>
      moveEach(
        trx,
        jobs,
        'cancel',
        [
          { id: a.id, to: 'cancelled' },
          { id: b.id, to: 'cancelled' },
        ],
        { updated_at: at },
      ),
    );
    expect([await stateOf(a.id), await stateOf(b.id)]).toEqual(['cancelled', 'cancelled']);
  });

  it('creates a record, or moves the one holding the same key when its state allows', async () => {
    const key = `upsert${++seq}`;
    const put = () =>
      t.database.db.transaction().execute((trx) =>
        createOrMove(trx, jobs, 'schedule', 'reopen', 'pending', { kind: 'test', key, run_at: at, updated_at: at }, ['kind', 'key'], {
          run_at: '2027-07-01T00:00:00.000Z',
        }),
      );
    await put();
    const first = await t.database.db.selectFrom('scheduled_jobs').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect([first.state, first.run_at]).toEqual(['pending', at]);
    // Pending is not a state "reopen" leaves: the record stays as it is.
    await put();
    expect(
      (await t.database.db.selectFrom('scheduled_jobs').select('run_at').where('key', '=', key).executeTakeFirstOrThrow()).run_at,
    ).toBe(at);
    await t.database.db.transaction().execute((trx) => move(trx, jobs, 'finish', { kind: 'test', key }, { to: 'done' }));
    await put();
    const again = await t.database.db.selectFrom('scheduled_jobs').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
    expect([again.state, again.run_at]).toEqual(['pending', '2027-07-01T00:00:00.000Z']);
  });

  it('holds a call to the transitions its contract names (effects of them aside)', async () => {
    const job = await newJob();
    const other = await newJob();
    const undeclared = inCall(endpoint(['testJob.reopen']), () =>
      t.database.db.transaction().execute((trx) => move(trx, jobs, 'finish', job.id, { to: 'done' })),
    );
    await expect(undeclared).rejects.toThrow('POST /test/jobs makes testJob.finish, which its contract');
    await inCall(endpoint(['testJob.finish']), () =>
      t.database.db.transaction().execute(async (trx) => {
        await move(trx, jobs, 'finish', job.id, { to: 'done' });
        await move(trx, jobs, 'cancel', other.id, { to: 'cancelled' });
      }),
    );
    expect([await stateOf(job.id), await stateOf(other.id)]).toEqual(['done', 'cancelled']);
    const wrongState = t.database.db.transaction().execute((trx) => move(trx, jobs, 'finish', job.id, { to: 'cancelled' as 'done' }));
    await expect(wrongState).rejects.toThrow('testJob.finish does not lead to cancelled');
  });
});
