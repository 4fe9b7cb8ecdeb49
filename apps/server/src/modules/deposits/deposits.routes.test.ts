import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DepositAccount, DepositAdminRow, DepositEntry } from '@portal/contracts/deposits';
import { expectDepositsConsistent } from '../../test/deposits';
import { createTestApp, envelope, login, type TestApp } from '../../test/test-app';
import { createDepositLedger } from './deposit-ledger';
import { checkInvariant } from './deposit-invariant';

let t: TestApp;
let ids: Record<string, number>;
let companies: Record<string, number>;
const tokens: Record<string, string> = {};
const ledger = createDepositLedger({ now: () => new Date() });

beforeAll(async () => {
  t = await createTestApp();
  const users = await t.database.db.selectFrom('users').select(['id', 'account', 'company_id']).execute();
  ids = Object.fromEntries(users.map((u) => [u.account, u.id]));
  companies = Object.fromEntries(users.filter((u) => u.company_id !== null).map((u) => [u.account, u.company_id!]));
  for (const [account, password] of [
    ['admin', 'Admin@2026'],
    ['buyer01', 'Buyer@2026'],
    ['buyer02', 'Buyer@2026'],
    ['buyer03', 'Buyer@2026'],
    ['supplier01', 'Supplier@2026'],
    ['supplier02', 'Supplier@2026'],
  ] as const) {
    tokens[account] = (await login(t.app, account, password)).token;
  }
});
afterEach(async () => {
  await expectDepositsConsistent(t.database);
});
afterAll(async () => {
  await t.close();
});

const call = (as: string, path: string, payload: unknown = {}) =>
  t.app.inject({ method: 'POST', url: `/commtrade/ws/deposit/${path}`, payload: payload as object, headers: { token: tokens[as]! } });

const accountsOf = async (as: string) => envelope(await call(as, 'account')).data as DepositAccount[];
const entryCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('deposit_entries')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const oplogCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('operation_log')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const cny = (accounts: DepositAccount[]) => accounts.find((a) => a.currency === 'CNY');

describe('operator credit and debit', () => {
  it('records money received, shows it to the company, and logs who recorded it', async () => {
    const before = cny(await accountsOf('buyer01'))?.balance ?? 0;
    const res = await call('admin', 'credit', {
      companyUserId: String(ids.buyer01),
      currency: 'CNY',
      amount: 500_000,
      reference: 'BANK-2026-0001',
    });
    expect(res.statusCode).toBe(200);
    const answered = envelope(res).data as DepositAccount[];
    expect(cny(answered)).toEqual({
      currency: 'CNY',
      balance: before + 500_000,
      frozen: cny(answered)!.frozen,
      available: cny(answered)!.balance - cny(answered)!.frozen,
    });
    expect(cny(await accountsOf('buyer01'))?.balance).toBe(before + 500_000);

    const page = envelope(await call('buyer01', 'entries', { pageNo: 1, pageSize: 8 })).data as {
      items: DepositEntry[];
      totalItem: number;
    };
    expect(page.items[0]).toMatchObject({
      kind: 'credit',
      amount: 500_000,
      currency: 'CNY',
      reference: 'BANK-2026-0001',
      balanceAfter: before + 500_000,
      balanceChange: 500_000,
      frozenChange: 0,
    });
    expect(page.items[0]!.time).toMatch(/Z$/);
    expect(page.items[0]!.id).toMatch(/^\d+$/);

    const log = await t.database.db
      .selectFrom('operation_log')
      .selectAll()
      .where('action', '=', 'deposit-credit')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ user_id: ids.admin, account: 'admin', resource: 'deposit' });
    expect(log.after_json).toContain('BANK-2026-0001');

    // Every user of the company is told, in a message that opens the deposit account.
    const message = await t.database.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', ids.buyer01!)
      .where('kind', '=', 'deposit.credited')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(message.params_json)).toMatchObject({ amount: 500_000, currency: 'CNY', reference: 'BANK-2026-0001' });
    expect(JSON.parse(message.link_json)).toMatchObject({ route: '/trade/deposit' });
  });

  it('refuses a debit beyond what is available, naming the amount missing, and writes nothing', async () => {
    await call('admin', 'credit', { companyUserId: String(ids.supplier01), currency: 'USD', amount: 10_000, reference: 'WIRE-7' });
    await t.database.db
      .transaction()
      .execute((trx) =>
        ledger.freeze(trx, { companyId: companies.supplier01!, currency: 'USD', amount: 4_000, reference: 'order:test-1' }),
      );
    const [entries, logs] = [await entryCount(), await oplogCount()];
    const res = await call('admin', 'debit', {
      companyUserId: String(ids.supplier01),
      currency: 'USD',
      amount: 6_001,
      reference: 'PAYOUT-1',
    });
    const body = envelope(res);
    expect(body.error_code).toBe('130001');
    // The amount missing as the screens show money, not "0.01 USD".
    expect(body.error_info).toContain('$0.01');
    expect(body.error_info).not.toContain('USD');
    expect(await entryCount()).toBe(entries);
    expect(await oplogCount()).toBe(logs);

    const ok = envelope(
      await call('admin', 'debit', { companyUserId: String(ids.supplier01), currency: 'USD', amount: 6_000, reference: 'PAYOUT-1' }),
    );
    expect(ok.return_code).toBe('0');
    expect((ok.data as DepositAccount[]).find((a) => a.currency === 'USD')).toEqual({
      currency: 'USD',
      balance: 4_000,
      frozen: 4_000,
      available: 0,
    });
  });

  it('answers 400 naming the field for bad input, and writes nothing', async () => {
    const entries = await entryCount();
    const good = { companyUserId: String(ids.buyer01), currency: 'CNY', amount: 100, reference: 'R-1' };
    for (const [field, bad] of [
      ['amount', { ...good, amount: 0 }],
      ['amount', { ...good, amount: 1.5 }],
      ['amount', { ...good, amount: '100' }],
      ['currency', { ...good, currency: 'cny' }],
      ['reference', { ...good, reference: ' ' }],
      ['companyUserId', { ...good, companyUserId: 'abc' }],
    ] as const) {
      const res = await call('admin', 'credit', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(envelope(res).error_info).toContain(field);
    }
    expect(await entryCount()).toBe(entries);
  });

  it('refuses an unknown company user with 404 and an operator account as not a company', async () => {
    expect((await call('admin', 'credit', { companyUserId: '999999', currency: 'CNY', amount: 1, reference: 'x' })).statusCode).toBe(404);
    expect(
      envelope(await call('admin', 'credit', { companyUserId: String(ids.admin), currency: 'CNY', amount: 1, reference: 'x' })).error_code,
    ).toBe('130003');
    expect((await call('admin', 'adminEntries', { companyUserId: '999999' })).statusCode).toBe(404);
  });
});

describe('who sees what', () => {
  it('keeps operator calls from company users', async () => {
    const move = { companyUserId: String(ids.buyer01), currency: 'CNY', amount: 1, reference: 'x' };
    for (const [path, payload] of [
      ['credit', move],
      ['debit', move],
      ['adminPage', {}],
      ['adminEntries', { companyUserId: String(ids.buyer01) }],
    ] as const) {
      const res = await call('buyer01', path, payload);
      expect(res.statusCode, path).toBe(403);
    }
  });

  it("shows a company only its own ledger, and the operator any company's", async () => {
    await call('admin', 'credit', { companyUserId: String(ids.supplier01), currency: 'CNY', amount: 77_700, reference: 'SUP-ONLY' });
    const buyer = envelope(await call('buyer01', 'entries', { pageNo: 1, pageSize: 32 })).data as { items: DepositEntry[] };
    expect(buyer.items.some((e) => e.reference === 'SUP-ONLY')).toBe(false);
    const supplier = envelope(await call('supplier01', 'entries', { pageNo: 1, pageSize: 32, currency: 'CNY' })).data as {
      items: DepositEntry[];
    };
    expect(supplier.items[0]?.reference).toBe('SUP-ONLY');
    expect(supplier.items.every((e) => e.currency === 'CNY')).toBe(true);
    const admin = envelope(await call('admin', 'adminEntries', { companyUserId: String(ids.supplier01), pageNo: 1, pageSize: 8 })).data as {
      items: DepositEntry[];
    };
    expect(admin.items[0]?.reference).toBe('SUP-ONLY');

    const rows = envelope(await call('admin', 'adminPage', { pageNo: 1, pageSize: 32 })).data as {
      items: DepositAdminRow[];
      totalItem: number;
    };
    const supplierRows = rows.items.filter((r) => r.companyUserId === String(ids.supplier01));
    expect(supplierRows.map((r) => r.currency).sort()).toEqual(['CNY', 'USD']);
    // A company that never had money still appears, at zero, so its first payment can be recorded.
    expect(rows.items.find((r) => r.companyUserId === String(ids.newcomer))).toMatchObject({
      currency: 'CNY',
      balance: 0,
      frozen: 0,
      available: 0,
    });
    const found = envelope(await call('admin', 'adminPage', { pageNo: 1, pageSize: 8, keyword: 'supplier01', currency: 'USD' })).data as {
      items: DepositAdminRow[];
    };
    expect(found.items).toHaveLength(1);
    expect(found.items[0]).toMatchObject({ account: 'supplier01', currency: 'USD' });
  });
});

describe('freeze, release and forfeit', () => {
  it('freezes only what is available, releases, and forfeits to the other company on both ledgers', async () => {
    const buyer = companies.buyer02!;
    const seller = companies.supplier02!;
    const db = t.database.db;
    await db.transaction().execute((trx) => ledger.credit(trx, { companyId: buyer, currency: 'CNY', amount: 1_000, reference: 'CNY-IN' }));
    await expect(
      db.transaction().execute((trx) => ledger.freeze(trx, { companyId: buyer, currency: 'CNY', amount: 1_250, reference: 'order:big' })),
    ).rejects.toMatchObject({ key: 'DEPOSIT_NOT_AVAILABLE', params: { missing: 250, currency: 'CNY' } });
    await db.transaction().execute((trx) => ledger.freeze(trx, { companyId: buyer, currency: 'CNY', amount: 600, reference: 'order:a' }));
    await db.transaction().execute((trx) => ledger.release(trx, { companyId: buyer, currency: 'CNY', amount: 200, reference: 'order:a' }));
    await expect(
      db.transaction().execute((trx) => ledger.release(trx, { companyId: buyer, currency: 'CNY', amount: 401, reference: 'order:a' })),
    ).rejects.toMatchObject({ key: 'DEPOSIT_FROZEN_SHORT' });
    await db
      .transaction()
      .execute((trx) =>
        ledger.forfeit(trx, { fromCompanyId: buyer, toCompanyId: seller, currency: 'CNY', amount: 400, reference: 'order:a' }),
      );

    const cnyOf = (accounts: DepositAccount[]) => accounts.find((a) => a.currency === 'CNY');
    expect(cnyOf(await accountsOf('buyer02'))).toEqual({ currency: 'CNY', balance: 600, frozen: 0, available: 600 });
    expect(cnyOf(await accountsOf('supplier02'))).toEqual({ currency: 'CNY', balance: 400, frozen: 0, available: 400 });
    const buyerLedger = (envelope(await call('buyer02', 'entries', { currency: 'CNY' })).data as { items: DepositEntry[] }).items;
    expect(buyerLedger.map((e) => [e.kind, e.amount, e.balanceAfter, e.frozenAfter])).toEqual([
      ['forfeit', 400, 600, 0],
      ['release', 200, 1_000, 400],
      ['freeze', 600, 1_000, 600],
      ['credit', 1_000, 1_000, 0],
    ]);
    const sellerLedger = (envelope(await call('supplier02', 'entries', { currency: 'CNY' })).data as { items: DepositEntry[] }).items;
    expect(sellerLedger.map((e) => [e.kind, e.amount, e.balanceChange, e.reference])).toEqual([['forfeit', 400, 400, 'order:a']]);
  });

  it('never overdraws an account when many freezes race for it', async () => {
    const companyId = companies.buyer03!;
    const db = t.database.db;
    await db.transaction().execute((trx) => ledger.credit(trx, { companyId, currency: 'CNY', amount: 1_000, reference: 'CNY-IN' }));
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, (_, i) =>
        db.transaction().execute((trx) => ledger.freeze(trx, { companyId, currency: 'CNY', amount: 100, reference: `order:race-${i}` })),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(refused).toHaveLength(15);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ key: 'DEPOSIT_NOT_AVAILABLE', params: { missing: 100 } });
    expect((await accountsOf('buyer03')).find((a) => a.currency === 'CNY')).toEqual({
      currency: 'CNY',
      balance: 1_000,
      frozen: 1_000,
      available: 0,
    });
  });
});

describe('the ledger is append-only and checked', () => {
  it('refuses to change or delete an entry in the database itself', async () => {
    const db = t.database.db;
    const entry = await db.selectFrom('deposit_entries').select('id').orderBy('id').executeTakeFirstOrThrow();
    await expect(db.updateTable('deposit_entries').set({ amount: 1 }).where('id', '=', entry.id).execute()).rejects.toThrow(
      /never changed/,
    );
    await expect(db.deleteFrom('deposit_entries').where('id', '=', entry.id).execute()).rejects.toThrow(/never changed/);
  });

  it('reports an account that no longer matches its ledger', async () => {
    const db = t.database.db;
    const account = await db.selectFrom('deposit_accounts').select(['id', 'balance']).orderBy('id').executeTakeFirstOrThrow();
    await db
      .updateTable('deposit_accounts')
      .set({ balance: Number(account.balance) + 1 })
      .where('id', '=', account.id)
      .execute();
    const report = await checkInvariant(db);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toContain(`account ${account.id}`);
    await db
      .updateTable('deposit_accounts')
      .set({ balance: Number(account.balance) })
      .where('id', '=', account.id)
      .execute();
    expect((await checkInvariant(db)).ok).toBe(true);
  });
});

describe('every test app', () => {
  it('fails its close when a test left an account that differs from its ledger', async () => {
    const other = await createTestApp();
    const companyId = (
      await other.database.db.selectFrom('users').select('company_id').where('account', '=', 'buyer01').executeTakeFirstOrThrow()
    ).company_id!;
    await other.database.db.transaction().execute((trx) => ledger.credit(trx, { companyId, currency: 'CNY', amount: 100, reference: 'x' }));
    await other.database.db.updateTable('deposit_accounts').set({ frozen: 1 }).where('company_id', '=', companyId).execute();
    await expect(other.close()).rejects.toThrow(/differ from their ledgers/);
  });
});
