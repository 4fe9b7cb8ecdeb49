import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedTender } from '@portal/contracts/tender-trade';
import { readerParams } from '@portal/contracts/reader';
import { closeReasonWords } from '@portal/contracts/tender-rules';
import { buildApp } from '../../app';
import { createSealer, sealKeySource } from '../../platform/sealing';
import { verifyTenderChains } from './tender-chain-check';
import { createTenderApp, type TenderApp } from './tender-test-kit';

let a: TenderApp;
beforeAll(async () => {
  a = await createTenderApp();
});
afterAll(async () => {
  await a.close();
});

describe('tender rules around the opening', () => {
  it('fails a tender with fewer valid bids than its minimum and tells every bidder', async () => {
    const tender = await a.published();
    await a.bid('supplier01', tender.id, [1_000_000, 1_000_000]);
    await a.bid('supplier02', tender.id, [1_100_000, 1_000_000]);
    a.clock.set(tender.bidEndTime);
    await a.advance(0);
    const failed = await a.detail(tender.id);
    expect(failed.objState).toBe(7);
    // The reason is recorded in no language: each reader reads it in theirs.
    expect(failed.closeReason).toBe('too-few-bids:2:3');
    expect(closeReasonWords(failed.closeReason, 'en-US')).toBe('only 2 valid bids, fewer than the minimum of 3');
    const told = (await a.messagesOf('supplier02', 'tender.failed')).find((m) => m.params_json.includes(tender.tenderNo));
    const params = JSON.parse(told!.params_json) as Record<string, string>;
    expect(readerParams(params, { lang: 'en-US', timeZone: 'Asia/Shanghai' }).reason).toBe(
      'only 2 valid bids, fewer than the minimum of 3',
    );
    expect(readerParams(params, { lang: 'zh-TW', timeZone: 'Asia/Shanghai' }).reason).toBe('有效投標 2 份，少於最少 3 份');
  });

  it('opens exactly once when two servers catch up past openTime after a restart', async () => {
    const tender = await a.published({ minValidBids: 1 });
    await a.bid('supplier01', tender.id, [1_200_000, 1_000_000]);
    // The server is down across openTime; two come back and both catch up.
    a.clock.set(new Date(Date.parse(tender.bidEndTime) + 3_600_000).toISOString());
    const second = await buildApp({ settings: a.settings, database: a.database, kv: a.kv, now: a.clock.now });
    await second.ready();
    try {
      await Promise.all([a.t.app.live.scheduler.runDue(), second.live.scheduler.runDue()]);
    } finally {
      await second.close();
    }
    const chain = await a.database.db.selectFrom('tender_chain').selectAll().where('tender_id', '=', Number(tender.id)).execute();
    expect(chain.map((c) => c.kind)).toEqual(['opening']);
    const opened = await a.messagesOf('supplier01', 'tender.opened');
    expect(opened.filter((m) => m.params_json.includes(tender.tenderNo))).toHaveLength(1);
    expect((await a.detail(tender.id)).objState).toBe(3);
  });

  it('on a bidding tender asks clarifications only: any change of price, quantity or delivery is refused', async () => {
    const tender = await a.published({ minValidBids: 2, evaluationMethod: 'scoring', priceWeight: 60 });
    const s1 = await a.bid('supplier01', tender.id, [1_000_000, 900_000]);
    const s2 = await a.bid('supplier02', tender.id, [1_100_000, 800_000]);
    a.clock.set(tender.bidEndTime);
    await a.advance(0);
    const missing = await a.refused('buyer01', '/purchase/ws/tender/evaluate', {
      id: tender.id,
      bids: [
        { bidId: s1.bidId, valid: true, technicalScore: 80 },
        { bidId: s2.bidId, valid: true },
      ],
    });
    expect(missing.code).toBe('150010');
    const evaluated = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/evaluate', {
      id: tender.id,
      bids: [
        { bidId: s1.bidId, valid: true, technicalScore: 60 },
        { bidId: s2.bidId, valid: true, technicalScore: 100 },
      ],
    });
    // supplier01 total 1,450,000,000 (price score 100); supplier02 1,500,000,000 (96.67): 60 % price.
    expect(evaluated.evaluation?.rows.map((r) => r.score)).toEqual([98, 84]);
    const deadline = new Date(a.clock.now().getTime() + 3_600_000).toISOString();
    const round = await a.ok<ManagedTender>('buyer01', '/purchase/ws/tender/negotiate', {
      id: tender.id,
      deadline,
      question: '请澄清交货安排',
    });
    expect(round.negotiation?.kind).toBe('clarification');
    const changed = await a.refused('supplier01', '/purchase/ws/tenderBid/answer', {
      tenderId: tender.id,
      answer: '可提前交货',
      lines: [{ lineNo: 1, unitPrice: 990_000, quantity: 1000, deliveryDate: '2027-07-20' }],
    });
    expect(changed.code).toBe('150007');
    const later = await a.refused('supplier01', '/purchase/ws/tenderBid/answer', {
      tenderId: tender.id,
      answer: '可提前交货',
      lines: [{ lineNo: 1, unitPrice: 1_000_000, quantity: 1000, deliveryDate: '2027-07-25' }],
    });
    expect(later.code).toBe('150007');
    await a.ok('supplier01', '/purchase/ws/tenderBid/answer', { tenderId: tender.id, answer: '按约定分两批交货' });
    await a.advance(1);
    const closed = await a.detail(tender.id);
    expect(closed.objState).toBe(5);
    expect(closed.negotiation?.answers.map((x) => x.answer)).toEqual(['按约定分两批交货']);
  });

  it('reports a changed bid or opening record in the chain check', async () => {
    expect((await verifyTenderChains(a.database.db)).ok).toBe(true);
    const bid = await a.database.db
      .selectFrom('tender_bids')
      .selectAll()
      .where('opened_json', '!=', '')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const content = JSON.parse(bid.opened_json) as { lines: { unitPrice: number }[] };
    content.lines[0]!.unitPrice -= 1;
    await a.database.db
      .updateTable('tender_bids')
      .set({ opened_json: JSON.stringify(content) })
      .where('id', '=', bid.id)
      .execute();
    const report = await verifyTenderChains(a.database.db);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toContain(`bid ${bid.id} was changed`);
    await a.database.db.updateTable('tender_bids').set({ opened_json: bid.opened_json }).where('id', '=', bid.id).execute();

    const record = await a.database.db.selectFrom('tender_chain').selectAll().orderBy('id').executeTakeFirstOrThrow();
    await a.database.db
      .updateTable('tender_chain')
      .set({ content: record.content.replace('"opening"', '"opening "') })
      .where('id', '=', record.id)
      .execute();
    expect((await verifyTenderChains(a.database.db)).problems.join('\n')).toContain('was changed');
    await a.database.db.updateTable('tender_chain').set({ content: record.content }).where('id', '=', record.id).execute();
    await a.database.db.deleteFrom('tender_chain').where('id', '=', record.id).execute();
    expect((await verifyTenderChains(a.database.db)).ok).toBe(false);
  });

  it('re-seals sealed bids under a new key; the old key alone no longer opens them', async () => {
    const tender = await a.published({ minValidBids: 1 });
    await a.bid('supplier01', tender.id, [2_000_000, 1_000_000]);
    const { randomBytes } = await import('node:crypto');
    const { resealTenderRows } = await import('./tender-chain-check');
    const newKey = randomBytes(32).toString('base64');
    const rotated = createSealer(
      sealKeySource({ TENDER_SEAL_KEY: newKey, TENDER_SEAL_OLD_KEYS: a.key, TENDER_SEAL_KEY_FILE: '', DATA_DIR: '.' }),
    );
    const moved = await resealTenderRows(a.database.db, rotated);
    expect(moved.bids).toBeGreaterThanOrEqual(1);
    const onlyNew = createSealer(
      sealKeySource({ TENDER_SEAL_KEY: newKey, TENDER_SEAL_OLD_KEYS: '', TENDER_SEAL_KEY_FILE: '', DATA_DIR: '.' }),
    );
    expect((await verifyTenderChains(a.database.db, onlyNew)).problems.filter((p) => p.startsWith('sealed bid'))).toEqual([]);
    const onlyOld = createSealer(
      sealKeySource({ TENDER_SEAL_KEY: a.key, TENDER_SEAL_OLD_KEYS: '', TENDER_SEAL_KEY_FILE: '', DATA_DIR: '.' }),
    );
    expect((await verifyTenderChains(a.database.db, onlyOld)).problems.some((p) => p.startsWith('sealed bid'))).toBe(true);
  });
});
