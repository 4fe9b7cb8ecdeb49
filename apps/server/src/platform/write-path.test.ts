import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { AppError } from './errors';
import type { ChangeEvent } from './events';

describe('write path', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('writes the change and its log row together and publishes the events after the commit, in order', async () => {
    t = await createTestApp({}, { demo: false, now: () => new Date('2026-11-25T10:00:00.000Z') });
    const { writes, events } = t.app.live;
    const db = t.database.db;
    const published: ChangeEvent[] = [];
    events.subscribe((e) => published.push(e));
    let publishedInside = -1;
    const answer = await writes.write(
      { actorUserId: null, action: 'rename', target: 'note:n1', ip: '10.0.0.1' },
      async (trx, emit, log) => {
        await trx
          .insertInto('kv')
          .values({ key: 'note:n1', value: 'new', expires_at: Date.now() + 60_000 })
          .execute();
        emit({ topic: 'note', key: 'n1', action: 'renamed', companyIds: [7] });
        emit({ topic: 'note', key: 'n1', action: 'touched' });
        publishedInside = published.length;
        log.before = { value: 'old' };
        log.after = { value: 'new' };
        return 'done';
      },
    );
    expect(answer).toBe('done');
    expect(publishedInside).toBe(0);
    expect(published.map((e) => e.action)).toEqual(['renamed', 'touched']);
    const row = await db.selectFrom('operation_log').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: null,
      account: 'system',
      ip: '10.0.0.1',
      resource: 'note',
      action: 'rename',
      record_id: 'n1',
      before_json: '{"value":"old"}',
      after_json: '{"value":"new"}',
      at: '2026-11-25T10:00:00.000Z',
    });
  });

  it('names the acting user from the users table', async () => {
    t = await createTestApp();
    const admin = await t.database.db
      .selectFrom('users')
      .select(['id', 'account'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    await t.app.live.writes.write({ actorUserId: admin.id, action: 'touch', target: 'note:n2' }, async () => null);
    const row = await t.database.db.selectFrom('operation_log').selectAll().where('record_id', '=', 'n2').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: admin.id, account: 'admin' });
  });

  it('writes nothing and publishes nothing when the rule or the check refuses', async () => {
    t = await createTestApp({}, { demo: false });
    const { writes, events } = t.app.live;
    const db = t.database.db;
    const published: ChangeEvent[] = [];
    events.subscribe((e) => published.push(e));
    await expect(
      writes.write({ actorUserId: null, action: 'rename', target: 'note:n1' }, async (trx, emit) => {
        await trx
          .insertInto('kv')
          .values({ key: 'note:n1', value: 'new', expires_at: Date.now() + 60_000 })
          .execute();
        emit({ topic: 'note', key: 'n1', action: 'renamed' });
        throw new AppError('NOT_FOUND');
      }),
    ).rejects.toBeInstanceOf(AppError);
    let ruleRan = false;
    await expect(
      writes.write(
        {
          actorUserId: null,
          action: 'rename',
          target: 'note:n1',
          check: async () => {
            throw new AppError('NOT_FOUND');
          },
        },
        async () => {
          ruleRan = true;
        },
      ),
    ).rejects.toBeInstanceOf(AppError);
    expect(ruleRan).toBe(false);
    expect(published).toEqual([]);
    expect(await db.selectFrom('kv').selectAll().where('key', '=', 'note:n1').execute()).toEqual([]);
    expect(await db.selectFrom('operation_log').selectAll().execute()).toEqual([]);
  });

  it('writes a batch of changes with one log row each, publishes after the commit, and writes nothing when it throws', async () => {
    t = await createTestApp({}, { demo: false, now: () => new Date('2026-11-25T11:00:00.000Z') });
    const { writes, events } = t.app.live;
    const db = t.database.db;
    const published: ChangeEvent[] = [];
    events.subscribe((e) => published.push(e));
    let publishedInside = -1;
    const answer = await writes.writeMany(async (trx, emit) => {
      await trx
        .insertInto('kv')
        .values([
          { key: 'note:b1', value: 'one', expires_at: Date.now() + 60_000 },
          { key: 'note:b2', value: 'two', expires_at: Date.now() + 60_000 },
        ])
        .execute();
      emit({ topic: 'note', key: 'b1', action: 'renamed' });
      emit({ topic: 'note', key: 'b2', action: 'renamed' });
      publishedInside = published.length;
      return {
        value: 2,
        logs: [
          { actorUserId: null, action: 'rename', target: 'note:b1', after: { value: 'one' } },
          { actorUserId: null, account: 'someone', action: 'rename', target: 'note:b2', ip: '10.0.0.2' },
        ],
      };
    });
    expect(answer).toBe(2);
    expect(publishedInside).toBe(0);
    expect(published.map((e) => e.key)).toEqual(['b1', 'b2']);
    const rows = await db.selectFrom('operation_log').selectAll().orderBy('id').execute();
    expect(rows).toMatchObject([
      { account: 'system', record_id: 'b1', after_json: '{"value":"one"}', ip: '', at: '2026-11-25T11:00:00.000Z' },
      { account: 'someone', record_id: 'b2', after_json: null, ip: '10.0.0.2', at: '2026-11-25T11:00:00.000Z' },
    ]);

    await expect(
      writes.writeMany(async (trx, emit) => {
        await trx
          .insertInto('kv')
          .values({ key: 'note:b3', value: 'three', expires_at: Date.now() + 60_000 })
          .execute();
        emit({ topic: 'note', key: 'b3', action: 'renamed' });
        throw new AppError('NOT_FOUND');
      }),
    ).rejects.toBeInstanceOf(AppError);
    expect(published.map((e) => e.key)).toEqual(['b1', 'b2']);
    expect(await db.selectFrom('kv').selectAll().where('key', '=', 'note:b3').execute()).toEqual([]);
    expect(await db.selectFrom('operation_log').selectAll().execute()).toHaveLength(2);
  });
});
