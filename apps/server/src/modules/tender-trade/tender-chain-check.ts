import type { Db } from '../../db/database';
import type { Sealer } from '../../platform/sealing';
import { answerAad, bidAad, bidDigest, CHAIN_GENESIS, chainDigest, type BidContent } from './tender-sealing';

export interface ChainReport {
  ok: boolean;
  tenders: number;
  records: number;
  problems: string[];
}

/**
 * Verifies every tender's record chain: each record's digest is SHA-256(previous digest + its
 * content), the records follow each other without a gap, the last one is the digest the tender
 * keeps, and every bid the opening names still has the digest it had and content that hashes to
 * it. With a sealer, bids not yet opened are opened in memory and checked against their receipts
 * as well. An edited or deleted row shows up as a problem naming it. It only reads.
 */
export async function verifyTenderChains(db: Db, sealer?: Sealer): Promise<ChainReport> {
  const problems: string[] = [];
  const tenders = await db
    .selectFrom('tenders')
    .select(['id', 'tender_no', 'chain_digest', 'opened_at'])
    .where('opened_at', '!=', '')
    .execute();
  let records = 0;
  for (const tender of tenders) {
    const name = `tender ${tender.tender_no} (${tender.id})`;
    const chain = await db.selectFrom('tender_chain').selectAll().where('tender_id', '=', tender.id).orderBy('seq').execute();
    records += chain.length;
    let prev = CHAIN_GENESIS;
    for (const [index, record] of chain.entries()) {
      if (record.seq !== index + 1) problems.push(`${name}: record ${index + 1} is missing (found ${record.seq})`);
      if (record.prev_digest !== prev) problems.push(`${name}: record ${record.seq} does not follow the one before it`);
      if (chainDigest(record.prev_digest, record.content) !== record.digest)
        problems.push(`${name}: record ${record.seq} (${record.kind}) was changed`);
      prev = record.digest;
    }
    if (chain.length === 0) problems.push(`${name}: opened but its opening record is missing`);
    if (prev !== tender.chain_digest && chain.length > 0)
      problems.push(`${name}: the chain ends in ${prev}, the tender keeps ${tender.chain_digest}`);
    const opening = chain.find((r) => r.kind === 'opening');
    if (!opening) continue;
    const named = (JSON.parse(opening.content) as { bids: { bidId: string; version: number; digest: string }[] }).bids;
    const bids = new Map(
      (await db.selectFrom('tender_bids').selectAll().where('tender_id', '=', tender.id).execute()).map((b) => [String(b.id), b]),
    );
    for (const entry of named) {
      const bid = bids.get(entry.bidId);
      if (!bid) {
        problems.push(`${name}: bid ${entry.bidId} of the opening record is missing`);
        continue;
      }
      if (bid.digest !== entry.digest || bid.version !== entry.version)
        problems.push(`${name}: bid ${entry.bidId} differs from the opening record`);
      if (!bid.opened_json) continue;
      const content = JSON.parse(bid.opened_json) as BidContent;
      const digest = bidDigest({
        tenderId: bid.tender_id,
        supplierCompanyId: bid.supplier_company_id,
        version: bid.version,
        content,
        time: bid.receipt_time,
      });
      if (digest !== entry.digest) problems.push(`${name}: the opened content of bid ${entry.bidId} was changed`);
    }
  }
  if (sealer) {
    const sealed = await db.selectFrom('tender_bids').selectAll().where('opened_json', '=', '').where('state', '=', 'submitted').execute();
    for (const bid of sealed) {
      try {
        const content = JSON.parse(sealer.open(bid.key_id, bid.sealed, bidAad(bid.tender_id, bid.supplier_company_id))) as BidContent;
        const digest = bidDigest({
          tenderId: bid.tender_id,
          supplierCompanyId: bid.supplier_company_id,
          version: bid.version,
          content,
          time: bid.receipt_time,
        });
        if (digest !== bid.digest) problems.push(`sealed bid ${bid.id}: its content does not match its receipt`);
      } catch {
        problems.push(`sealed bid ${bid.id}: the sealed content does not open (changed, or its key is missing)`);
      }
    }
  }
  return { ok: problems.length === 0, tenders: tenders.length, records, problems };
}

/**
 * Re-seals every row not yet opened under the sealer's current key (after a new key was made
 * current). Each row is opened with its own key and sealed again in one update; answers how many
 * rows moved to the current key.
 */
export async function resealTenderRows(db: Db, sealer: Sealer): Promise<{ bids: number; answers: number }> {
  const current = sealer.currentKeyId();
  let bids = 0;
  let answers = 0;
  await db.transaction().execute(async (trx) => {
    const sealedBids = await trx
      .selectFrom('tender_bids')
      .select(['id', 'tender_id', 'supplier_company_id', 'key_id', 'sealed'])
      .where('opened_json', '=', '')
      .where('key_id', '!=', current)
      .execute();
    for (const b of sealedBids) {
      const aad = bidAad(b.tender_id, b.supplier_company_id);
      const again = sealer.seal(sealer.open(b.key_id, b.sealed, aad), aad);
      await trx.updateTable('tender_bids').set({ key_id: again.keyId, sealed: again.sealed }).where('id', '=', b.id).execute();
      bids++;
    }
    const sealedAnswers = await trx
      .selectFrom('tender_answers')
      .select(['id', 'tender_id', 'bid_id', 'key_id', 'sealed'])
      .where('opened_json', '=', '')
      .where('key_id', '!=', current)
      .execute();
    for (const a of sealedAnswers) {
      const aad = answerAad(a.tender_id, a.bid_id);
      const again = sealer.seal(sealer.open(a.key_id, a.sealed, aad), aad);
      await trx.updateTable('tender_answers').set({ key_id: again.keyId, sealed: again.sealed }).where('id', '=', a.id).execute();
      answers++;
    }
  });
  return { bids, answers };
}
