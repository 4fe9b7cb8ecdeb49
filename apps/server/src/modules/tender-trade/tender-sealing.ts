import type { EvaluationMethod } from '@portal/contracts/tender-trade';
import { combinedScore, linesTotal, lowestTotal, priceScoreOf } from '@portal/contracts/tender-rules';
import { canonicalJson, sha256 } from '../../platform/hash-chain';
import type { Sealer } from '../../platform/sealing';

/** One priced line of a bid or final quote, as stored (quantity in thousandths). */
export interface SealedLine {
  lineNo: number;
  unitPrice: number;
  quantityMilli: number;
  deliveryDate: string;
}

/** What a bid seals: everything its supplier wrote. */
export interface BidContent {
  lines: SealedLine[];
  remark: string;
  fileIds: string[];
}

/** The associated data that ties a sealed bid to its row: a ciphertext moved to another bid does not open. */
export const bidAad = (tenderId: number, supplierCompanyId: number) => `tender-bid:${tenderId}:${supplierCompanyId}`;
export const answerAad = (tenderId: number, bidId: number) => `tender-answer:${tenderId}:${bidId}`;

/** The receipt digest: SHA-256 of the bid's canonical content, who made it, its version and the time. */
export function bidDigest(d: { tenderId: number; supplierCompanyId: number; version: number; content: BidContent; time: string }): string {
  return sha256(
    canonicalJson({
      tenderId: d.tenderId,
      supplierCompanyId: d.supplierCompanyId,
      version: d.version,
      lines: [...d.content.lines].sort((a, b) => a.lineNo - b.lineNo),
      remark: d.content.remark,
      fileIds: d.content.fileIds,
      time: d.time,
    }),
  );
}

/** Sum of unitPrice × quantity over the lines, in whole cents. */
export const totalOf = (lines: SealedLine[]) => linesTotal(lines);

export interface SealedBid {
  id: number;
  tenderId: number;
  supplierCompanyId: number;
  version: number;
  keyId: string;
  sealed: string;
  digest: string;
  receiptTime: string;
}

export interface OpenedBid {
  id: number;
  content: BidContent | null;
  /** Why the bid could not be opened as sealed (changed ciphertext or digest); empty when it opened. */
  problem: string;
  total: number;
}

/** Opens every sealed bid and checks each against its receipt digest. */
export function openBids(sealer: Sealer, bids: SealedBid[]): OpenedBid[] {
  return bids.map((b) => {
    let content: BidContent;
    try {
      content = JSON.parse(sealer.open(b.keyId, b.sealed, bidAad(b.tenderId, b.supplierCompanyId))) as BidContent;
    } catch {
      return { id: b.id, content: null, problem: 'sealed content does not open', total: 0 };
    }
    const digest = bidDigest({
      tenderId: b.tenderId,
      supplierCompanyId: b.supplierCompanyId,
      version: b.version,
      content,
      time: b.receiptTime,
    });
    if (digest !== b.digest) return { id: b.id, content: null, problem: 'content does not match its receipt digest', total: 0 };
    return { id: b.id, content, problem: '', total: totalOf(content.lines) };
  });
}

export interface RankInput {
  id: number;
  total: number;
  technicalScore: number | null;
  /** Earlier bids win ties. */
  receiptTime: string;
}
export interface Ranked {
  id: number;
  priceScore: number;
  score: number;
  rank: number;
}

/**
 * Ranks valid bids: by total amount (lowest first), or by a score that combines the price score
 * (the lowest total scores 100, others lowest/total × 100) with the technical score by the price
 * weight. Ties go to the earlier receipt, then the lower bid id.
 */
export function rankBids(bids: RankInput[], method: EvaluationMethod, priceWeight: number | null): Ranked[] {
  const lowest = lowestTotal(bids.map((b) => b.total));
  const scored = bids.map((b) => {
    const priceScore = priceScoreOf(b.total, lowest);
    return { ...b, priceScore, score: combinedScore(method, priceScore, b.technicalScore, priceWeight) };
  });
  scored.sort((a, b) => {
    const primary = method === 'scoring' ? b.score - a.score : a.total - b.total;
    if (primary !== 0) return primary;
    if (a.receiptTime !== b.receiptTime) return a.receiptTime < b.receiptTime ? -1 : 1;
    return a.id - b.id;
  });
  return scored.map((b, index) => ({ id: b.id, priceScore: b.priceScore, score: b.score, rank: index + 1 }));
}
