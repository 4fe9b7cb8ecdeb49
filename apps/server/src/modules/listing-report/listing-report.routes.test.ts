import { afterEach, describe, expect, it } from 'vitest';
import { LISTING_MANAGE_STATE_VALUES } from '@portal/contracts/trade-constants';
import { listingReportListing, type ListingReportAnswer } from '@portal/contracts/listing-report';
import type { MenuNode } from '@portal/contracts/menus';
import { buildApp } from '../../app';
import { loadDemoData } from '../../demo/index';
import { migrateToLatest } from '../../migrations';
import { createDbKv } from '../../platform/kv';
import { loadSettings } from '../../settings';
import { emptyDatabase } from '../../test/empty-database';
import { createTestApp, envelope, login } from '../../test/test-app';

const ep = listingReportListing.endpoints.list;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

const report = async (app: Awaited<ReturnType<typeof buildApp>>, token: string, body: object) =>
  app.inject({ method: ep.method, url: ep.path, payload: body, headers: { token } });

describe('the listings-by-state report', () => {
  it('counts each company’s listings in every state, busiest company first, and filters by company name', async () => {
    const t = await createTestApp();
    closers.push(() => t.close());
    const { db } = t.database;
    const admin = (await login(t.app, 'admin', 'Admin@2026')).token;

    const answer = envelope(await report(t.app, admin, { pageNo: 1, pageSize: 50 })).data as ListingReportAnswer;
    const listings = await db
      .selectFrom('listings')
      .leftJoin('companies', 'companies.id', 'listings.company_id')
      .select(['company_id', 'obj_state', 'companies.name'])
      .execute();
    const companies = new Set(listings.map((l) => l.company_id));
    expect(answer.total).toBe(companies.size);
    expect(answer.rows).toHaveLength(companies.size);
    for (const row of answer.rows) {
      const own = listings.filter((l) => String(l.company_id) === row.id);
      expect(row.total).toBe(own.length);
      expect(row.companyName).toBe(own[0]!.name ?? '');
      expect(row.byState).toEqual(
        LISTING_MANAGE_STATE_VALUES.map((state) => ({ state, count: own.filter((l) => l.obj_state === state).length })),
      );
    }
    const totals = answer.rows.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    const first = answer.rows[0]!;
    const named = envelope(await report(t.app, admin, { pageNo: 1, pageSize: 50, keyword: first.companyName })).data as ListingReportAnswer;
    expect(named.rows.map((r) => r.id)).toContain(first.id);
    expect(named.rows.every((r) => r.companyName.includes(first.companyName))).toBe(true);
    const page2 = envelope(await report(t.app, admin, { pageNo: 2, pageSize: 1 })).data as ListingReportAnswer;
    expect(page2.rows.map((r) => r.id)).toEqual(answer.rows.slice(1, 2).map((r) => r.id));
  });

  it('is for operators only: a company user is refused (-106)', async () => {
    const t = await createTestApp();
    closers.push(() => t.close());
    const buyer = (await login(t.app, 'buyer01', 'Buyer@2026')).token;
    const refused = envelope(await report(t.app, buyer, { pageNo: 1, pageSize: 10 }));
    expect(refused.error_no).toBe('-106');
    const visitor = await t.app.inject({ method: ep.method, url: ep.path, payload: { pageNo: 1, pageSize: 10 } });
    expect(visitor.statusCode).toBe(401);
  });
});

const walk = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...walk(n.children)]);

describe('the report on an installation of the previous release', () => {
  it('arrives with its menu and permission when the database is migrated', async () => {
    const database = await emptyDatabase(closers);
    await migrateToLatest(database.db, database.dialect, { skip: (name) => name === '103-listing-states-report' });
    await loadDemoData(database.db);
    expect(
      await database.db.selectFrom('menus').select('id').where('id', '=', 'operator-reports-listing-states').executeTakeFirst(),
    ).toBeUndefined();

    await migrateToLatest(database.db, database.dialect);
    const kv = createDbKv(database.db);
    const app = await buildApp({
      settings: loadSettings({ NODE_ENV: 'test', TEST_HOOKS: 'on', CAPTCHA_TEST_CODE: 'ABCD' }),
      database,
      kv,
      webDist: null,
    });
    closers.push(async () => {
      await app.close();
      await kv.close();
    });
    const { token } = await login(app, 'admin', 'Admin@2026');
    const menus = envelope(
      await app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers: { token }, cookies: { lang: 'en-US' } }),
    ).data as MenuNode[];
    const reports = menus.find((n) => n.id === 'operator-reports')!;
    expect(reports.title).toBe('Reports');
    expect(walk(reports.children).map((n) => [n.title, n.url])).toEqual([['Listings by state', '/admin/listing-report']]);
    const permissions = envelope(await app.inject({ method: 'GET', url: '/omc/api/user/getUserPermissions', headers: { token } }))
      .data as Record<string, boolean>;
    expect(permissions['report:listing-states']).toBe(true);
    expect(envelope(await report(app, token, { pageNo: 1, pageSize: 10 })).error_no).toBe('0');

    const buyer = (await login(app, 'buyer01', 'Buyer@2026')).token;
    const buyerMenus = envelope(await app.inject({ method: 'GET', url: '/omc/api/user/get_menu_list', headers: { token: buyer } }))
      .data as MenuNode[];
    expect(walk(buyerMenus).some((n) => n.id.startsWith('operator-reports'))).toBe(false);
  });
});
