import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ContractDetail, ContractVerifyAnswer } from '@portal/contracts/contracts';
import { ERRORS } from '@portal/contracts/errors';
import { brokenLink, verifyContractTrails } from './audit';
import { sha256Hex } from './digest';
import { C, O, contractsTestKit } from './contracts-test-kit';

const kit = contractsTestKit();
const { clock, confirmedOrder, contractOf, detail, order, sign, pdf, messageKinds, cny } = kit;
const code = (key: keyof typeof ERRORS) => ERRORS[key].code;

describe('a listing order and its contract', () => {
  it('is made when the seller confirms, signed by both with SMS codes, sealed, and only then paid', { timeout: 60_000 }, async () => {
    const a = kit.app();
    const confirmed = await confirmedOrder();
    const opened = (await contractOf('buyer01', confirmed.orderNo))!;
    expect(opened).toMatchObject({ state: 1, origin: 'listing', lang: 'zh-CN', templateVersion: 1, mySide: 'buyer', actions: [] });
    expect(opened.signBy).toBe(new Date(clock.now().getTime() + 48 * 3_600_000).toISOString());
    // Payment waits for the contract.
    const file = await a.upload('buyer01');
    const early = await a.refused('buyer01', `${O}/pay`, { orderNo: confirmed.orderNo, fileIds: [file] });
    expect(early.code).toBe(code('CONTRACT_NOT_SIGNED'));
    // …and the order does not offer it until then.
    expect((await order('buyer01', confirmed.orderNo)).actions).not.toContain('pay');

    await a.app.live.scheduler.runDue();
    const ready = await detail('buyer01', opened.contractNo);
    expect(ready.actions).toEqual(['sendCode', 'sign', 'decline']);
    expect(ready.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(ready.originalSha256).toBe(ready.sha256);
    expect(ready.events.map((e) => e.kind)).toEqual(['generated']);
    const shown = await pdf('buyer01', opened.contractNo);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(sha256Hex(shown.rawPayload)).toBe(ready.sha256);
    for (const who of ['buyer01', 'supplier01'] as const) {
      expect((await messageKinds(who)).some((m) => m.kind === 'contract.generated' && m.link.query?.contractNo === opened.contractNo)).toBe(
        true,
      );
    }

    const half = await sign('buyer01', opened.contractNo);
    expect(half.state).toBe(1);
    expect(half.parties.find((p) => p.side === 'buyer')).toMatchObject({ state: 1, signedAt: clock.now().toISOString() });
    expect((await messageKinds('supplier01')).some((m) => m.kind === 'contract.signed')).toBe(true);
    const done = await sign('supplier01', opened.contractNo);
    expect(done.state).toBe(2);
    expect(done.events.map((e) => e.kind)).toEqual(['generated', 'viewed', 'codeSent', 'signed', 'codeSent', 'signed', 'sealed']);
    expect(done.events.find((e) => e.kind === 'signed')).toMatchObject({ actorName: expect.any(String), ip: '127.0.0.1' });
    expect(done.sha256).not.toBe(done.originalSha256);
    // The trail is a chain: it holds as written, and an edited event breaks it there.
    const trail = await a.database.db
      .selectFrom('contract_events')
      .innerJoin('contracts', 'contracts.id', 'contract_events.contract_id')
      .selectAll('contract_events')
      .where('contracts.contract_no', '=', opened.contractNo)
      .orderBy('seq')
      .execute();
    expect(brokenLink(trail)).toBeUndefined();
    expect(brokenLink(trail.map((e) => (e.seq === 4 ? { ...e, ip: '10.0.0.9' } : e)))).toBe(4);
    // The platform's integrity check (run after every restore) reads every trail the same way.
    expect((await verifyContractTrails(a.database.db)).broken).toEqual([]);
    const edited = trail.find((e) => Number(e.seq) === 4)!;
    await a.database.db.updateTable('contract_events').set({ ip: '10.0.0.9' }).where('id', '=', edited.id).execute();
    expect((await verifyContractTrails(a.database.db)).broken).toEqual([expect.stringMatching(/event 4 does not follow/)]);
    await a.database.db.updateTable('contract_events').set({ ip: edited.ip }).where('id', '=', edited.id).execute();
    const signedOrder = await order('buyer01', confirmed.orderNo);
    expect(signedOrder.actions).toContain('pay');
    const timeline = signedOrder.timeline;
    expect(timeline.map((t) => t.action)).toEqual([
      'place',
      'confirm',
      'contractGenerated',
      'contractSigned',
      'contractSigned',
      'contractCompleted',
    ]);
    expect(timeline.at(-1)!.note).toContain(done.sha256);

    // The sealed file checks out for anyone: both companies and the seal, unchanged, this record.
    const sealed = (await pdf('supplier01', opened.contractNo)).rawPayload;
    expect(sha256Hex(sealed)).toBe(done.sha256);
    const check = await a.t.app.inject({ method: 'POST', url: `${C}/verify`, payload: { data: sealed.toString('base64') } });
    const verdict = JSON.parse(check.body).data as ContractVerifyAnswer;
    expect(verdict).toMatchObject({
      valid: true,
      unchangedSinceLastSignature: true,
      match: { contractNo: opened.contractNo, matchedBy: 'sealed' },
    });
    expect(verdict.signatures.map((s) => [s.role, s.valid])).toEqual([
      ['company', true],
      ['company', true],
      ['platform-seal', true],
    ]);
    // Something added after sealing: no longer valid, still traced to the contract by its first revision.
    const changed = Buffer.concat([sealed, Buffer.from('\n1 0 obj\n(added later)\nendobj\n', 'latin1')]);
    const tampered = JSON.parse(
      (await a.t.app.inject({ method: 'POST', url: `${C}/verify`, payload: { data: changed.toString('base64') } })).body,
    ).data as ContractVerifyAnswer;
    expect(tampered.valid).toBe(false);
    expect(tampered.match?.contractNo).toBe(opened.contractNo);

    const paid = await a.ok<{ state: number }>('buyer01', `${O}/pay`, { orderNo: confirmed.orderNo, fileIds: [file] });
    expect(paid.state).toBe(3);
  });

  it('a signature cut off before it is recorded leaves the contract and its file as they were', async () => {
    const a = kit.app();
    const db = a.database.db;
    const confirmed = await confirmedOrder();
    await a.app.live.scheduler.runDue();
    const ready = await detail('buyer01', (await contractOf('buyer01', confirmed.orderNo))!.contractNo);
    // The power goes between the signed file being written and the contract pointing at it.
    if (a.database.dialect === 'postgres') {
      await sql`create function cut_off() returns trigger language plpgsql as $$ begin raise exception 'power cut'; end $$`.execute(db);
      await sql`create trigger cut_off before update of revision on contracts for each row execute function cut_off()`.execute(db);
    } else {
      await sql`create trigger cut_off before update of revision on contracts begin select raise(abort, 'power cut'); end`.execute(db);
    }
    const dropCutOff = () =>
      sql`drop trigger if exists cut_off${sql.raw(a.database.dialect === 'postgres' ? ' on contracts' : '')}`.execute(db);
    const smsCode = await kit.code('buyer01', ready.contractNo);
    const cut = await a.refused('buyer01', `${C}/sign`, { contractNo: ready.contractNo, code: smsCode }).finally(dropCutOff);
    expect(cut.status).toBeGreaterThanOrEqual(400);
    const { id } = await db.selectFrom('contracts').select('id').where('contract_no', '=', ready.contractNo).executeTakeFirstOrThrow();
    const files = () =>
      db.selectFrom('contract_files').select(['revision', 'sha256']).where('contract_id', '=', id).orderBy('revision').execute();
    expect(await files()).toEqual([{ revision: 1, sha256: ready.sha256 }]);
    const after = await detail('buyer01', ready.contractNo);
    expect(after).toMatchObject({ state: 1, sha256: ready.sha256 });
    expect(after.parties.every((p) => p.state === 0)).toBe(true);
    expect(after.events.map((e) => e.kind)).not.toContain('signed');
    expect(sha256Hex((await pdf('buyer01', ready.contractNo)).rawPayload)).toBe(ready.sha256);
    // Power back: the same signature goes through whole.
    const signed = await sign('buyer01', ready.contractNo);
    expect(signed.parties.find((p) => p.side === 'buyer')!.state).toBe(1);
    expect((await files()).map((f) => f.revision)).toEqual([1, 2]);
  });

  it('declined: the order is cancelled as nobody’s fault, its stock back and the deposit released', async () => {
    const a = kit.app();
    const before = (await cny('buyer01'))!;
    const confirmed = await confirmedOrder(10, { listingType: 'D' });
    expect((await cny('buyer01'))!.frozen).toBeGreaterThan(before.frozen);
    await a.app.live.scheduler.runDue();
    const contract = (await contractOf('supplier01', confirmed.orderNo))!;
    const noReason = await a.refused('supplier01', `${C}/decline`, { contractNo: contract.contractNo, reason: '  ' });
    expect(noReason).toMatchObject({ status: 400, code: code('VALIDATION'), data: { field: 'reason' } });
    const declined = await a.ok<ContractDetail>('supplier01', `${C}/decline`, { contractNo: contract.contractNo, reason: '价格有误' });
    expect(declined.state).toBe(3);
    expect(declined.parties.find((p) => p.side === 'seller')).toMatchObject({ state: 2, declineReason: '价格有误' });
    const cancelled = await order('buyer01', confirmed.orderNo);
    expect(cancelled.state).toBe(9);
    expect(cancelled.timeline.at(-1)).toMatchObject({ action: 'contractDeclined', note: '价格有误' });
    expect((await cny('buyer01'))!).toMatchObject({ frozen: before.frozen, balance: before.balance });
    expect((await messageKinds('buyer01')).some((m) => m.kind === 'contract.declined')).toBe(true);
    // Nothing more can happen to it.
    expect((await a.refused('buyer01', `${C}/sendCode`, { contractNo: contract.contractNo })).code).toBe(
      code('CONTRACT_STATE_NOT_ALLOWED'),
    );
  });

  it('not signed by the deadline: expires once, the order is cancelled and the deposit released', async () => {
    const a = kit.app();
    const before = (await cny('buyer01'))!;
    const confirmed = await confirmedOrder(10, { listingType: 'D' });
    await a.app.live.scheduler.runDue();
    const contract = (await contractOf('buyer01', confirmed.orderNo))!;
    await sign('buyer01', contract.contractNo);
    clock.advanceHours(47);
    await a.app.live.scheduler.runDue();
    expect((await detail('buyer01', contract.contractNo)).state).toBe(1);
    clock.advanceHours(1);
    await a.app.live.scheduler.runDue();
    await a.app.live.scheduler.runDue();
    const expired = await detail('buyer01', contract.contractNo);
    expect(expired.state).toBe(4);
    expect(expired.events.filter((e) => e.kind === 'expired')).toHaveLength(1);
    const cancelled = await order('buyer01', confirmed.orderNo);
    expect(cancelled.state).toBe(9);
    expect(cancelled.timeline.filter((e) => e.action === 'contractExpired')).toHaveLength(1);
    expect((await cny('buyer01'))!).toMatchObject({ frozen: before.frozen, balance: before.balance });
    const list = await a.ok<{ items: { contractNo: string }[]; counts: Record<string, number> }>('buyer01', `${C}/page`, {
      filter: 'expired',
    });
    expect(list.items.map((i) => i.contractNo)).toContain(contract.contractNo);
    expect(list.counts.expired).toBeGreaterThanOrEqual(1);
  });
});
