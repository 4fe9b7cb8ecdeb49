import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedTender, TenderAnswer, TenderBid, TenderBidTable } from '@portal/contracts/tender-trade';
import type { SupplierApplication } from '@portal/contracts/supplier-relations';
import { verifyTenderChains } from './tender-chain-check';
import { createTenderApp, type TenderApp } from './tender-test-kit';

let a: TenderApp;
beforeAll(async () => {
  a = await createTenderApp();
});
afterAll(async () => {
  await a.close();
});

/** Prices no other row of the demo data holds, so finding one in the database means a leak. */
const PRICES = { supplier01: [7_654_321, 6_543_219], supplier02: [7_123_457, 6_987_653], supplier03: [7_345_679, 6_123_451] };
const priceTexts = Object.values(PRICES)
  .flat()
  .flatMap((c) => [String(c), (c / 100).toFixed(2)]);

/** Every row of every table as text, and on SQLite the database file's own bytes. */
async function wholeDatabase(): Promise<string> {
  const db = a.database.db;
  const tables =
    a.database.dialect === 'postgres'
      ? (
          await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)).rows;
  let text = '';
  for (const { name } of tables) text += JSON.stringify((await sql`select * from ${sql.table(name)}`.execute(db)).rows);
  if (a.database.dialect === 'sqlite') {
    const file = path.join(os.tmpdir(), `tender-raw-${process.pid}-${Date.now()}.sqlite`);
    await sql`vacuum into ${sql.lit(file)}`.execute(db);
    text += fs.readFileSync(file).toString('latin1');
    fs.rmSync(file);
  }
  return text;
}
describe('a sealed tender from publication to award', () => {
  let tender: ManagedTender;
  const receipts: Record<string, TenderBid> = {};

  it('publishes a tender to the hall and tells the supplier list', async () => {
    tender = await a.published({ tenderType: 'inquiry' });
    expect(tender.objState).toBe(2);
    expect(tender.lines.map((l) => l.lineNo)).toEqual([1, 2]);
    expect(tender.minValidBids).toBe(3);
    const hall = a.t.app.inject({ method: 'POST', url: '/purchase/ws/tender/biddingPageForCommon', payload: { pageNo: 1, pageSize: 50 } });
    const items = (JSON.parse((await hall).body) as { data: { items: { id: string; overdueFlag: string }[] } }).data.items;
    expect(items.find((i) => i.id === tender.id)?.overdueFlag).toBe('N');
    const detail = await a.ok<{ lines: { lineNo: number }[]; openTime: string }>(
      'supplier01',
      '/purchase/ws/tender/tenderDetailForCommon',
      {
        id: tender.id,
      },
    );
    expect(detail.openTime).toBe(tender.bidEndTime);
    expect((await a.messagesOf('supplier01', 'tender.published')).length).toBe(1);
    expect((await a.messagesOf('supplier03', 'tender.published')).length).toBe(0);
  });

  it('refuses a supplier off the list, which applies and is accepted by the buyer', async () => {
    const refused = await a.refused('supplier03', '/purchase/ws/tenderBid/save', {
      tenderId: tender.id,
      lines: [{ lineNo: 1, unitPrice: 100, quantity: 1, deliveryDate: '2027-07-01' }],
    });
    expect(refused.code).toBe('112001');
    expect((await a.refused('supplier03', '/purchase/ws/tenderBid/mine', { tenderId: tender.id })).code).toBe('112001');
    const application = await a.ok<SupplierApplication>('supplier03', '/purchase/ws/purCustomerRelation/apply', {
      buyerUserId: tender.userId,
      remark: '我司可供应动力煤',
    });
    expect(application.state).toBe('pending');
    expect((await a.refused('supplier03', '/purchase/ws/purCustomerRelation/apply', { buyerUserId: tender.userId })).code).toBe('150017');
    expect((await a.messagesOf('buyer01', 'supplier.applied')).length).toBe(1);
    expect(
      (await a.refused('buyer02', '/purchase/ws/purCustomerRelation/decide', { applicationId: application.applicationId, accept: true }))
        .status,
    ).toBe(404);
    const decided = await a.ok<SupplierApplication>('buyer01', '/purchase/ws/purCustomerRelation/decide', {
      applicationId: application.applicationId,
      accept: true,
    });
    expect(decided.state).toBe('accepted');
    expect((await a.messagesOf('supplier03', 'supplier.accepted')).length).toBe(1);
  });

  it('takes sealed bids, revisions and withdrawals, with receipts, and checks every line', async () => {
    expect(
      (
        await a.refused('buyer01', '/purchase/ws/tenderBid/save', {
          tenderId: tender.id,
          lines: [{ lineNo: 1, unitPrice: 1, quantity: 1, deliveryDate: '2027-07-01' }],
        })
      ).code,
    ).toBe('150003');
    const over = await a.refused('supplier01', '/purchase/ws/tenderBid/save', {
      tenderId: tender.id,
      lines: [{ lineNo: 1, unitPrice: 100, quantity: 1000.5, deliveryDate: '2027-07-01' }],
    });
    expect(over.code).toBe('150005');
    expect(
      (
        await a.refused('supplier01', '/purchase/ws/tenderBid/save', {
          tenderId: tender.id,
          lines: [{ lineNo: 3, unitPrice: 1, quantity: 1, deliveryDate: '2027-07-01' }],
        })
      ).code,
    ).toBe('150004');
    expect(
      (
        await a.refused('supplier01', '/purchase/ws/tenderBid/save', {
          tenderId: tender.id,
          lines: [{ lineNo: 1, unitPrice: 1, quantity: 1, deliveryDate: '2027-7-1' }],
        })
      ).status,
    ).toBe(400);

    const first = await a.bid('supplier01', tender.id, [8_000_000, 7_000_000]);
    expect(first.version).toBe(1);
    expect(first.receipt.digest).toMatch(/^[0-9a-f]{64}$/);
    receipts.supplier01 = await a.bid('supplier01', tender.id, PRICES.supplier01);
    expect(receipts.supplier01.version).toBe(2);
    expect(receipts.supplier01.receipt.digest).not.toBe(first.receipt.digest);

    await a.bid('supplier02', tender.id, [9_000_000, 9_000_000]);
    const withdrawn = await a.ok<TenderBid>('supplier02', '/purchase/ws/tenderBid/withdraw', { tenderId: tender.id });
    expect(withdrawn.state).toBe('withdrawn');
    expect((await a.refused('supplier02', '/purchase/ws/tenderBid/withdraw', { tenderId: tender.id })).code).toBe('150019');
    receipts.supplier02 = await a.bid('supplier02', tender.id, PRICES.supplier02);
    expect(receipts.supplier02.state).toBe('submitted');
    receipts.supplier03 = await a.bid('supplier03', tender.id, PRICES.supplier03);

    const mine = await a.ok<TenderBid>('supplier02', '/purchase/ws/tenderBid/mine', { tenderId: tender.id });
    expect(mine.lines.map((l) => l.unitPrice)).toEqual(PRICES.supplier02);
  });

  it('shows no price before the opening: not to the buyer, an operator, another supplier, the log or the database', async () => {
    const table = await a.ok<TenderBidTable>('buyer01', '/purchase/ws/tender/bids', { id: tender.id });
    expect(table).toEqual({ bidCount: 3, opened: false, items: [] });
    const seen = [
      JSON.stringify(await a.detail(tender.id)),
      JSON.stringify(await a.detail(tender.id, 'admin')),
      JSON.stringify(await a.ok('supplier02', '/purchase/ws/tenderBid/mine', { tenderId: tender.id })),
      JSON.stringify(await a.ok('buyer01', '/purchase/ws/tender/myPage', { pageNo: 1, pageSize: 8 })),
    ];
    for (const text of seen) for (const price of [...PRICES.supplier01, ...PRICES.supplier03]) expect(text).not.toContain(String(price));
    expect((await a.refused('buyer02', '/purchase/ws/tender/detail', { id: tender.id })).status).toBe(404);
    expect((await a.refused('buyer02', '/purchase/ws/tender/bids', { id: tender.id })).status).toBe(404);
    const raw = await wholeDatabase();
    for (const price of priceTexts) expect(raw, price).not.toContain(price);
  });

  it('refuses a bid after bidEndTime by the server clock, and opens every bid at openTime', async () => {
    a.clock.set(new Date(Date.parse(tender.bidEndTime)).toISOString());
    const late = await a.refused('supplier01', '/purchase/ws/tenderBid/save', {
      tenderId: tender.id,
      lines: [{ lineNo: 1, unitPrice: 1, quantity: 1, deliveryDate: '2027-07-01' }],
    });
    expect(late.code).toBe('150002');
    expect((await a.refused('supplier01', '/purchase/ws/tenderBid/withdraw', { tenderId: tender.id })).code).toBe('150002');
    await a.advance(0);
    const opened = await a.detail(tender.id);
    expect(opened.objState).toBe(3);
    expect(opened.opening?.bids).toHaveLength(3);
    const digests = Object.fromEntries(opened.opening!.bids.map((b) => [b.bidId, b.digest]));
    for (const r of Object.values(receipts)) expect(digests[r.bidId]).toBe(r.receipt.digest);
    const table = await a.ok<TenderBidTable>('buyer01', '/purchase/ws/tender/bids', { id: tender.id });
    expect(table.opened).toBe(true);
    expect(table.items.find((b) => b.bidId === receipts.supplier01!.bidId)?.lines.map((l) => l.unitPrice)).toEqual(PRICES.supplier01);
    expect((await a.messagesOf('supplier03', 'tender.opened')).length).toBe(1);
    // Running the jobs again opens nothing twice.
    await a.advance(1);
    expect((await a.database.db.selectFrom('tender_chain').selectAll().where('tender_id', '=', Number(tender.id)).execute()).length).toBe(
      1,
    );
    expect((await verifyTenderChains(a.database.db)).ok).toBe(true);
  });

  it('evaluates: an invalid bid needs a reason, the valid ones are ranked by total', async () => {
    const [b1, b2, b3] = [receipts.supplier01!.bidId, receipts.supplier02!.bidId, receipts.supplier03!.bidId];
    const noReason = await a.refused('buyer01', '/purchase/ws/tender/evaluate', {
      id: tender.id,
      bids: [
        { bidId: b1, valid: true },
        { bidId: b2, valid: false },
        { bidId: b3, valid: true },
      ],
    });
    expect(noReason.code).toBe('150009');
    expect((await a.refused('buyer01', '/purchase/ws/tender/evaluate', { id: tender.id, bids: [{ bidId: b1, valid: true }] })).code).toBe(
      '150008',
    );
    const evaluated = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/evaluate', {
      id: tender.id,
      bids: [b1, b2, b3].map((bidId) => ({ bidId, valid: true })),
    });
    expect(evaluated.objState).toBe(4);
    // Totals: supplier03 (7,345,679 × 1000 + 6,123,451 × 500) is the lowest, then supplier02, then supplier01.
    expect(evaluated.evaluation?.rows.map((r) => [r.bidId, r.rank])).toEqual([
      [b3, 1],
      [b2, 2],
      [b1, 3],
    ]);
    expect(evaluated.evaluation?.rows[0]?.priceScore).toBe(100);
  });

  it('runs one inquiry round: sealed final quotes no higher than the first, opened and ranked at the deadline', async () => {
    const deadline = new Date(a.clock.now().getTime() + 3_600_000).toISOString();
    const negotiating = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/negotiate', {
      id: tender.id,
      deadline,
      question: '请给出最终报价',
    });
    expect(negotiating.negotiation?.kind).toBe('finalQuote');
    expect((await a.refused('buyer01', '/purchase/ws/tender/negotiate', { id: tender.id, deadline, question: 'again' })).code).toBe(
      '150013',
    );
    const above = await a.refused('supplier01', '/purchase/ws/tenderBid/answer', {
      tenderId: tender.id,
      answer: '最终报价',
      lines: [{ lineNo: 1, unitPrice: PRICES.supplier01[0]! + 1, quantity: 1000, deliveryDate: '2027-07-20' }],
    });
    expect(above.code).toBe('150006');
    const quote = await a.ok<TenderAnswer>('supplier01', '/purchase/ws/tenderBid/answer', {
      tenderId: tender.id,
      answer: '最终报价',
      lines: [
        { lineNo: 1, unitPrice: 5_000_000, quantity: 1000, deliveryDate: '2027-07-20' },
        { lineNo: 2, unitPrice: 5_000_000, quantity: 500, deliveryDate: '2027-07-20' },
      ],
    });
    expect(quote.receipt.digest).toMatch(/^[0-9a-f]{64}$/);
    // Sealed until the deadline: the buyer sees that one answer exists, not what it says.
    const before = await a.detail(tender.id);
    expect(before.negotiation?.answerCount).toBe(1);
    expect(JSON.stringify(before)).not.toContain('5000000');
    await a.advance(1);
    const after = await a.detail(tender.id);
    expect(after.objState).toBe(5);
    expect(after.negotiation?.answers[0]?.lines[0]?.unitPrice).toBe(5_000_000);
    expect(after.evaluation?.rows[0]?.bidId).toBe(receipts.supplier01!.bidId);
    expect((await a.refused('supplier02', '/purchase/ws/tenderBid/answer', { tenderId: tender.id, answer: 'late' })).code).toBe('150014');
  });

  it('awards split quantities, makes one order per line and supplier, and tells each bidder its outcome', async () => {
    const [b1, b2] = [receipts.supplier01!.bidId, receipts.supplier02!.bidId];
    const over = await a.refused('buyer01', '/purchase/ws/tender/award', {
      id: tender.id,
      awards: [
        { lineNo: 1, bidId: b1, quantity: 600 },
        { lineNo: 1, bidId: b2, quantity: 500 },
      ],
    });
    expect(over.code).toBe('150011');
    const notices = async () =>
      Number(
        (
          await a.database.db
            .selectFrom('cms_articles')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('sub_type', '=', 'DEAL_NOTICE')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const noticesBefore = await notices();
    const awarded = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/award', {
      id: tender.id,
      awards: [
        { lineNo: 1, bidId: b1, quantity: 600 },
        { lineNo: 1, bidId: b2, quantity: 400 },
        { lineNo: 2, bidId: b1, quantity: 500 },
      ],
    });
    expect(awarded.objState).toBe(6);
    expect(awarded.awards).toHaveLength(3);
    const orders = await a.database.db
      .selectFrom('orders')
      .selectAll()
      .where('origin', '=', 'tender')
      .where('origin_code', '=', tender.tenderNo)
      .execute();
    expect(orders).toHaveLength(3);
    expect(orders.every((o) => o.state === 2)).toBe(true);
    expect(orders.map((o) => Number(o.amount)).sort((x, y) => x - y)).toEqual(
      [2_849_382_800, 2_500_000_000, 3_000_000_000].sort((x, y) => x - y),
    );
    expect(await notices()).toBe(noticesBefore + 1);
    const won = await a.ok<TenderBid>('supplier02', '/purchase/ws/tenderBid/mine', { tenderId: tender.id });
    expect(won.outcome).toBe('won');
    expect(won.awarded).toEqual([{ lineNo: 1, quantity: 400, unitPrice: PRICES.supplier02[0] }]);
    const lost = await a.ok<TenderBid>('supplier03', '/purchase/ws/tenderBid/mine', { tenderId: tender.id });
    expect(lost.outcome).toBe('lost');
    expect(lost.winningPrices).toEqual([
      { lineNo: 1, unitPrice: 5_000_000 },
      { lineNo: 2, unitPrice: 5_000_000 },
    ]);
    expect((await a.messagesOf('supplier03', 'tender.lost')).length).toBe(1);
    expect((await verifyTenderChains(a.database.db)).ok).toBe(true);
  });
});

describe('tender rules around the opening', () => {
  // It reads the tender awarded above.
  it('reports a bid whose state was changed by hand after the opening, also through tender:check-chain', async () => {
    const db = a.database.db;
    const setState = (bidId: string | number, state: string) =>
      db.updateTable('tender_bids').set({ state }).where('id', '=', Number(bidId)).execute();
    // The test before left tender 1's chain broken on purpose: only the tenders used here count.
    const problemsOf = async (tenderId: string | number) =>
      (await verifyTenderChains(db)).problems.filter((p) => p.startsWith('tender ') && p.includes(` (${tenderId}): `));
    const tender = await a.published({ minValidBids: 1 });
    const first = await a.bid('supplier01', tender.id, [2_000_000, 1_000_000]);
    const second = await a.bid('supplier02', tender.id, [2_100_000, 1_100_000]);
    await a.advance(3);
    expect((await a.detail(tender.id)).objState).toBe(3);
    expect(await problemsOf(tender.id)).toEqual([]);
    const name = `tender ${tender.tenderNo} (${tender.id})`;

    // After the opening: opened -> withdrawn, by hand.
    await setState(first.bidId, 'withdrawn');
    const afterOpening = `${name}: bid ${first.bidId} is withdrawn, the chain (record 1) left it opened`;
    expect(await problemsOf(tender.id)).toEqual([afterOpening]);
    const command = await checkChainCommand();
    expect(command.status).toBe(1);
    expect(command.stdout).toContain(`problem: ${afterOpening}`);
    await setState(first.bidId, 'opened');

    // After the evaluation: the judgement is in the chain too.
    await a.ok('buyer01', '/purchase/ws/tender/evaluate', {
      id: tender.id,
      bids: [
        { bidId: first.bidId, valid: true },
        { bidId: second.bidId, valid: false, reason: '资质文件不全' },
      ],
    });
    expect(await problemsOf(tender.id)).toEqual([]);
    await setState(second.bidId, 'valid');
    expect(await problemsOf(tender.id)).toEqual([`${name}: bid ${second.bidId} is valid, the chain (record 2) left it invalid`]);
    await setState(second.bidId, 'invalid');

    // After the award (the tender of the first part): won and lost are in the award record.
    const won = await db.selectFrom('tender_bids').select(['id', 'tender_id']).where('state', '=', 'won').executeTakeFirstOrThrow();
    expect(await problemsOf(won.tender_id)).toEqual([]);
    await setState(won.id, 'lost');
    expect((await problemsOf(won.tender_id)).join('\n')).toMatch(
      new RegExp(`bid ${won.id} is lost, the chain \\(record \\d+\\) left it won`),
    );
    await setState(won.id, 'won');
    expect(await problemsOf(won.tender_id)).toEqual([]);
  });
});

/** Runs `npm run tender:check-chain`'s command on this test's database (a copy of it, on SQLite). */
async function checkChainCommand(): Promise<{ status: number | null; stdout: string }> {
  const root = path.resolve(import.meta.dirname, '../../../../..');
  const env: Record<string, string> = { ...(process.env as Record<string, string>), TENDER_SEAL_KEY: a.key, LOG_LEVEL: 'silent' };
  let dataDir = '';
  if (a.database.dialect === 'postgres') {
    const schema = (await sql<{ name: string }>`select current_schema() as name`.execute(a.database.db)).rows[0]!.name;
    Object.assign(env, { DATABASE_URL: a.databaseUrl ?? process.env.TEST_DATABASE_URL!, PGOPTIONS: `-c search_path=${schema}` });
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tender-chain-'));
    await sql`vacuum into ${sql.lit(path.join(dataDir, 'portal.sqlite'))}`.execute(a.database.db);
    Object.assign(env, { DATABASE_URL: '', DATA_DIR: dataDir });
  }
  try {
    const run = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/tender-commands.ts', 'check-chain'], {
      cwd: root,
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    return { status: run.status, stdout: run.stdout };
  } finally {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
