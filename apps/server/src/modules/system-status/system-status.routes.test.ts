import { afterEach, describe, expect, it } from 'vitest';
import { roleActions, type PermissionGroup } from '@portal/contracts/admin';
import type { MenuNode } from '@portal/contracts/menus';
import { SYSTEM_STATUS_PERMISSION, systemStatusEndpoints, type SystemStatus } from '@portal/contracts/system-status';
import { buildApp } from '../../app';
import { loadDemoData } from '../../demo/index';
import { migrateToLatest } from '../../migrations';
import { createDbKv } from '../../platform/kv';
import { loadSettings, nodeIdOf } from '../../settings';
import { emptyDatabase } from '../../test/empty-database';
import { createTestApp, envelope, login } from '../../test/test-app';
import { manualClock } from '../../test/trading';
import { STATUS_TASKS } from './system-status.service';

const ep = systemStatusEndpoints.status;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function statusApp(env: Record<string, string> = {}) {
  const clock = manualClock('2027-06-01T08:00:00.000Z');
  const t = await createTestApp({ NODE_ID: 'node-a', ...env }, { now: clock.now });
  closers.push(() => t.close());
  const admin = (await login(t.app, 'admin', 'Admin@2026')).token;
  const status = async (token = admin) => {
    const res = await t.app.inject({ method: ep.method, url: ep.path, payload: {}, headers: { token } });
    return { res, body: envelope(res) };
  };
  return { ...t, clock, admin, status };
}

describe('the system page', () => {
  it('lists this node and every node that announced itself, a silent one as missing after NODE_MISSING_SECONDS', async () => {
    const t = await statusApp({ NODE_MISSING_SECONDS: '30' });
    const { db } = t.database;
    // Another server announced itself, then went quiet.
    await db
      .insertInto('system_nodes')
      .values({
        node_id: 'node-b',
        version: '0.9.0',
        started_at: '2027-06-01T07:00:00.000Z',
        last_seen_at: '2027-06-01T07:59:50.000Z',
        load1: 0.5,
        cpus: 4,
        memory_bytes: 200 * 1024 * 1024,
        message_streams: 3,
        auction_streams: 1,
        failures_json: JSON.stringify([
          { at: '2027-06-01T07:59:00.000Z', requestId: 'req-b-1', method: 'POST', route: '/commtrade/ws/order/place', status: 500 },
        ]),
      })
      .execute();

    let answer = (await t.status()).body.data as SystemStatus;
    expect(answer.nodeId).toBe('node-a');
    expect(answer.nodes.map((n) => [n.nodeId, n.state, n.self])).toEqual([
      ['node-a', 'up', true],
      ['node-b', 'up', false],
    ]);
    const b = answer.nodes.find((n) => n.nodeId === 'node-b')!;
    expect(b).toMatchObject({ version: '0.9.0', silentSeconds: 10, load1: 0.5, cpus: 4, openStreams: { message: 3, auction: 1 } });
    expect(answer.failures).toContainEqual({
      kind: 'answer',
      at: '2027-06-01T07:59:00.000Z',
      nodeId: 'node-b',
      requestId: 'req-b-1',
      route: 'POST /commtrade/ws/order/place',
      status: 500,
      detail: '',
    });

    t.clock.set('2027-06-01T08:00:21.000Z');
    answer = (await t.status()).body.data as SystemStatus;
    expect(answer.nodes.find((n) => n.nodeId === 'node-b')).toMatchObject({ state: 'missing', silentSeconds: 31 });
    expect(answer.nodes.find((n) => n.nodeId === 'node-a')).toMatchObject({ state: 'up', silentSeconds: 0 });
  });

  it('announces this node through its periodic task, with what it holds', async () => {
    const t = await statusApp();
    await t.app.live.periodic.runNow(STATUS_TASKS.announce);
    const row = await t.database.db.selectFrom('system_nodes').selectAll().where('node_id', '=', 'node-a').executeTakeFirstOrThrow();
    expect(row.last_seen_at).toBe('2027-06-01T08:00:00.000Z');
    expect(Number(row.memory_bytes)).toBeGreaterThan(0);
    expect(Number(row.cpus)).toBeGreaterThan(0);
    expect(JSON.parse(row.failures_json)).toEqual([]);
  });

  it('shows the readiness checks, the timed jobs, failed jobs and this node’s 5xx answers', async () => {
    const t = await statusApp();
    const { db } = t.database;
    // Two jobs due a minute ago, one later, one that failed for good.
    const job = (key: string, runAt: string, state = 'pending', lastError: string | null = null) => ({
      kind: 'test.job',
      key,
      run_at: runAt,
      state,
      last_error: lastError,
      updated_at: '2027-06-01T07:58:00.000Z',
    });
    await db
      .insertInto('scheduled_jobs')
      .values([
        job('a', '2027-06-01T07:59:00.000Z'),
        job('b', '2027-06-01T07:59:30.000Z'),
        job('c', '2027-06-02T08:00:00.000Z'),
        job('d', '2027-06-01T07:00:00.000Z', 'failed', 'the order was gone'),
      ])
      .execute();
    // A 5xx answer of this node: /readyz while draining.
    t.app.health.startDraining();
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(draining.statusCode).toBe(503);

    const answer = (await t.status()).body.data as SystemStatus;
    expect(answer.readiness.ready).toBe(false);
    // The demo data's own jobs are there too, due by the real clock's time.
    const pending = await db.selectFrom('scheduled_jobs').select(['run_at']).where('state', '=', 'pending').execute();
    const due = pending.filter((j) => j.run_at <= '2027-06-01T08:00:00.000Z').map((j) => new Date(j.run_at).getTime());
    expect(answer.jobs).toEqual({
      pending: pending.length,
      due: due.length,
      lagSeconds: Math.round((new Date('2027-06-01T08:00:00.000Z').getTime() - Math.min(...due)) / 100) / 10,
      failed: 1,
    });
    expect(answer.jobs!.lagSeconds).toBeGreaterThanOrEqual(60);
    expect(answer.failures[0]).toMatchObject({ kind: 'answer', nodeId: 'node-a', route: 'GET /readyz', status: 503 });
    expect(answer.failures[0]!.requestId).toBe(draining.headers['x-request-id']);
    expect(answer.failures).toContainEqual(
      expect.objectContaining({ kind: 'job', route: 'test.job d', detail: 'the order was gone', status: null }),
    );
  });

  it('answers the readiness checks by name while the database answers', async () => {
    const t = await statusApp();
    const answer = (await t.status()).body.data as SystemStatus;
    expect(answer.readiness.ready).toBe(false);
    const byName = Object.fromEntries(answer.readiness.checks.map((c) => [c.name, c.ok]));
    // The scheduler is not started in tests, so it is the one not ready.
    expect(byName).toMatchObject({ database: true, migrations: true, scheduler: false });
    expect('redis' in byName).toBe(Boolean(process.env.TEST_REDIS_URL));
  });

  it('is for operators with its permission: a company user gets -106, a visitor 401', async () => {
    const t = await statusApp();
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    expect((await t.status(buyer)).body.error_no).toBe('-106');
    const visitor = await t.app.inject({ method: ep.method, url: ep.path, payload: {} });
    expect(visitor.statusCode).toBe(401);
    expect((await t.status()).body.error_no).toBe('0');
  });
});

const walk = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...walk(n.children)]);

describe('the system page on an installation of the previous release', () => {
  it('arrives with its menu under 系统管理, its permission for the operators and in the role editor', async () => {
    const database = await emptyDatabase(closers);
    await migrateToLatest(database.db, database.dialect, {
      skip: (name) => name === '108-system-status-page' || name === '202-system-nodes',
    });
    await loadDemoData(database.db);
    expect(await database.db.selectFrom('menus').select('id').where('id', '=', 'system-status').executeTakeFirst()).toBeUndefined();

    await migrateToLatest(database.db, database.dialect);
    const kv = createDbKv(database.db);
    const settings = loadSettings({ NODE_ENV: 'test', TEST_HOOKS: 'on', CAPTCHA_TEST_CODE: 'ABCD' });
    const app = await buildApp({ settings, database, kv, webDist: null });
    closers.push(async () => {
      await app.close();
      await kv.close();
    });
    const { token } = await login(app, 'admin', 'Admin@2026');
    for (const [lang, title] of [
      ['zh-CN', '系统状态'],
      ['en-US', 'System status'],
      ['zh-TW', '系統狀態'],
    ] as const) {
      const menus = envelope(await app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers: { token }, cookies: { lang } }))
        .data as MenuNode[];
      const system = menus.find((n) => n.id === 'system')!;
      expect(walk(system.children).find((n) => n.id === 'system-status')).toMatchObject({ title, url: '/admin/system-status' });
    }
    const permissions = envelope(await app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token } }))
      .data as Record<string, boolean>;
    expect(permissions[SYSTEM_STATUS_PERMISSION]).toBe(true);
    const editor = envelope(
      await app.inject({
        method: 'POST',
        url: roleActions.permissionOptions.path,
        payload: {},
        headers: { token },
        cookies: { lang: 'en-US' },
      }),
    ).data as { groups: PermissionGroup[] };
    expect(editor.groups.find((g) => g.key === 'system-status')).toEqual({
      key: 'system-status',
      title: 'System status',
      permissions: [{ code: SYSTEM_STATUS_PERMISSION, title: 'View the system status: nodes, jobs and failures' }],
    });
    const answer = envelope(await app.inject({ method: ep.method, url: ep.path, payload: {}, headers: { token } })).data as SystemStatus;
    expect(answer.nodes.map((n) => n.nodeId)).toEqual([nodeIdOf(settings)]);
  });
});
