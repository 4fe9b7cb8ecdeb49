import { GENESIS_DIGEST, linkDigest } from '../../platform/hash-chain';

// The rules of every mode are shared with the bid box; the bid chain is the server's alone.
export * from '@portal/contracts/auction-rules';

/** The digest before the first bid of a space. */
export { GENESIS_DIGEST };

/** What a bid's digest covers, in a fixed order: everything that decides the result. */
export interface ChainContent {
  spaceId: number;
  pieceId: number;
  seq: number;
  companyId: number;
  aliasNo: number;
  price: number;
  quantityMilli: number;
  at: string;
  requestId: string;
}

export function canonical(c: ChainContent): string {
  return JSON.stringify([c.spaceId, c.pieceId, c.seq, c.companyId, c.aliasNo, c.price, c.quantityMilli, c.at, c.requestId]);
}

/** SHA-256(previous digest + canonical content), hex. */
export const chainDigest = (previous: string, content: ChainContent): string => linkDigest(previous, canonical(content));
