import type { Db } from '../../db/database';
import { chainDigest, GENESIS_DIGEST } from './auction-rules';

export interface ChainReport {
  spaceId: number;
  bids: number;
  /** The digest the chain ends with, recomputed from the rows. */
  digest: string;
  ok: boolean;
  /** The first link that does not hold: its seq (0: the space's stored last digest) and why. */
  broken?: { seq: number; reason: string };
}

/**
 * Recomputes a space's bid chain from its rows: seq must run 1, 2, 3 ... without a gap, each
 * digest must be SHA-256(previous digest + the bid's canonical content), and the space's stored
 * last digest and last seq must be the chain's end. An edited, inserted or deleted bid breaks it
 * at its place.
 */
export async function verifyChain(db: Db, spaceId: number): Promise<ChainReport> {
  const space = await db.selectFrom('auction_spaces').select(['last_seq', 'chain_digest']).where('id', '=', spaceId).executeTakeFirst();
  if (!space) return { spaceId, bids: 0, digest: GENESIS_DIGEST, ok: false, broken: { seq: 0, reason: 'no such space' } };
  const rows = await db.selectFrom('auction_bids').selectAll().where('space_id', '=', spaceId).orderBy('seq').execute();
  let previous = GENESIS_DIGEST;
  for (const [index, b] of rows.entries()) {
    const seq = Number(b.seq);
    const fail = (reason: string): ChainReport => ({ spaceId, bids: rows.length, digest: previous, ok: false, broken: { seq, reason } });
    if (seq !== index + 1) return fail(`seq ${seq} where ${index + 1} was expected (a bid is missing)`);
    const expected = chainDigest(previous, {
      spaceId,
      pieceId: b.piece_id,
      seq,
      companyId: b.company_id,
      aliasNo: b.alias_no,
      price: Number(b.price),
      quantityMilli: Number(b.quantity_milli),
      at: b.at,
      requestId: b.request_id,
    });
    if (expected !== b.digest) return fail('digest does not match the bid and the one before it (the row was changed)');
    previous = b.digest;
  }
  if (Number(space.last_seq) !== rows.length || space.chain_digest !== previous) {
    return {
      spaceId,
      bids: rows.length,
      digest: previous,
      ok: false,
      broken: { seq: rows.length + 1, reason: 'the space records a later end of the chain (bids after the last row are missing)' },
    };
  }
  return { spaceId, bids: rows.length, digest: previous, ok: true };
}
