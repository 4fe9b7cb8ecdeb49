import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase, type Db } from '../../db/database';
import { loadDemoData } from '../../demo/index';
import { migrateToLatest } from '../../migrations';
import { createDbKv } from '../../platform/kv';
import { loadSettings } from '../../settings';
import { canRunTwoServers, startTwoServers } from '../../test/two-servers';
import { addDays, dayStart, publishAt } from './methodology';
import { addDeal, someListing } from './price-index-test-kit';

let clock = new Date('2026-05-04T03:00:00.000Z');
const now = () => clock;
let apps: [FastifyInstance, FastifyInstance];
let db: Db;
let close: () => Promise<void>;
const D = '2026-05-04';

/** Two servers of one installation: on PostgreSQL (with Redis) two full servers; on SQLite two apps on one database file. */
async function twoApps(): Promise<void> {
  if (canRunTwoServers) {
    const two = await startTwoServers({ now });
    apps = [two.servers[0].app, two.servers[1].app];
    db = two.servers[0].database.db;
    close = () => two.close();
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'price-index-'));
  const file = path.join(dir, 'portal.sqlite');
  const handles = [openDatabase({ sqliteFile: file }), openDatabase({ sqliteFile: file })];
  await migrateToLatest(handles[0]!.db, 'sqlite');
  await loadDemoData(handles[0]!.db);
  const built = [];
  for (const [i, database] of handles.entries()) {
    const settings = loadSettings({ NODE_ENV: 'test', TEST_HOOKS: 'on', PORTAL_CACHE: 'off', NODE_ID: `node-${i}` });
    built.push(await buildApp({ settings, database, kv: createDbKv(database.db), webDist: null, now }));
  }
  apps = built as [FastifyInstance, FastifyInstance];
  db = handles[0]!.db;
  close = async () => {
    for (const app of apps) await app.close();
    for (const h of handles) await h.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

beforeAll(twoApps);
afterAll(async () => close?.());

describe('the daily publication on two servers', () => {
  it('is computed exactly once when both race for every day, a missed day caught up', async () => {
    const listing = await someListing(db);
    for (const day of [D, addDays(D, 1)])
      for (const hours of [1, 2, 3]) {
        const at = new Date(dayStart(day).getTime() + hours * 3_600_000).toISOString();
        await addDeal(db, { variety: listing.variety_code, listingId: listing.id, at, unitCents: 100_000 + hours * 100, quantity: 2 });
      }
    // Both start the chain at once, then both look for due work again and again: two days have passed.
    await Promise.all(apps.map((a) => a.live.periodic.runNow('price-index-schedule')));
    clock = new Date(publishAt(addDays(D, 1)).getTime() + 60_000);
    for (let round = 0; round < 6; round++) await Promise.all(apps.map((a) => a.live.scheduler.runDue()));
    await Promise.all(apps.map((a) => a.live.periodic.runNow('price-index-schedule')));

    const rows = await db
      .selectFrom('price_index_days')
      .select(['variety_code', 'market_code', 'day'])
      .where('variety_code', '=', listing.variety_code)
      .orderBy('day')
      .orderBy('market_code')
      .execute();
    expect(rows.map((r) => `${r.day}/${r.market_code}`)).toEqual([
      `${D}/`,
      `${D}/${listing.market_code}`,
      `${addDays(D, 1)}/`,
      `${addDays(D, 1)}/${listing.market_code}`,
    ]);
    // Each day's job ran to completion once: one operation-log row per day, and its job done.
    const runs = await db
      .selectFrom('operation_log')
      .select('record_id')
      .where('resource', '=', 'price-index.publish')
      .where('action', '=', 'scheduled')
      .execute();
    const ranDays = runs.map((r) => r.record_id).sort();
    expect(ranDays).toEqual([...new Set(ranDays)]);
    expect(ranDays).toEqual(expect.arrayContaining([D, addDays(D, 1)]));
    const jobs = await db
      .selectFrom('scheduled_jobs')
      .select(['key', 'state'])
      .where('kind', '=', 'price-index.publish')
      .orderBy('key')
      .execute();
    expect(jobs.filter((j) => j.state === 'pending').map((j) => j.key)).toEqual([addDays(D, 2)]);
    expect(jobs.filter((j) => j.key <= addDays(D, 1)).every((j) => j.state === 'done')).toBe(true);
  });
});
