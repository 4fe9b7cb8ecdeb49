import type { Db } from '../../db/database';
import type { Sealer } from '../../platform/sealing';
import { GENESIS_DIGEST as CHAIN_GENESIS, linkDigest as chainDigest } from '../../platform/hash-chain';
import { answerAad, bidAad, bidDigest, type BidContent } from './tender-sealing';

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
 * it, and every bid's state is the last one the chain gave it. With a sealer, bids not yet opened are opened in memory and checked against their receipts
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
    problems.push(...stateProblems(name, chain, named, bids));
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

/** A chain record that names bids, each with the state it left the bid in (absent in records written before states were). */
interface BidStatesRecord {
  bids?: { bidId: string; state?: string }[];
}

/**
 * After the opening every bid's state is in the chain: the opening gives each named bid its state,
 * and each later record that changes some (the evaluation, the award) gives theirs. The last state
 * the chain gives a bid must be the one its row holds; a bid the opening does not name was
 * withdrawn before it and must still be. (Records from before states were recorded give none, and
 * the state of their bids is then checked from the first record that does.)
 */
function stateProblems(
  name: string,
  chain: { seq: number; content: string }[],
  named: { bidId: string }[],
  bids: Map<string, { state: string }>,
): string[] {
  const problems: string[] = [];
  const expected = new Map<string, { state: string; seq: number }>();
  for (const record of chain) {
    for (const entry of (JSON.parse(record.content) as BidStatesRecord).bids ?? []) {
      if (entry.state) expected.set(entry.bidId, { state: entry.state, seq: record.seq });
    }
  }
  const inOpening = new Set(named.map((b) => b.bidId));
  for (const [bidId, bid] of bids) {
    const recorded = expected.get(bidId);
    if (recorded && bid.state !== recorded.state)
      problems.push(`${name}: bid ${bidId} is ${bid.state}, the chain (record ${recorded.seq}) left it ${recorded.state}`);
    if (!inOpening.has(bidId) && bid.state !== 'withdrawn')
      problems.push(`${name}: bid ${bidId} is ${bid.state} but the opening does not name it (it was withdrawn before)`);
  }
  return problems;
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
