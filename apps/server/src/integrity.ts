import { verifyChain } from './modules/auction-trade';
import { verifyContractTrails } from './modules/contracts';
import { checkInvariant } from './modules/deposits';
import { verifyTenderChains } from './modules/tender-trade';
import type { Sealer } from './platform/sealing';
import type { Db } from './db/database';

/** What the platform's own checks say of a database: money, auction bid chains, tender chains, contract audit trails. */
export interface IntegrityReport {
  ok: boolean;
  deposits: { ok: boolean; problems: string[] };
  auctions: { spaces: number; bids: number; broken: string[] };
  tenders: { ok: boolean; tenders: number; records: number; problems: string[] };
  contracts: { contracts: number; events: number; broken: string[] };
}

/**
 * Runs every integrity check the platform has on `db`: each deposit account equals its ledger,
 * every auction space's bid chain links up, every opened tender's record chain links up and (with
 * the sealing keys) every sealed bid opens and matches its receipt, every contract's audit trail
 * links up. After a restore it shows the
 * copy is whole, not merely of the right size.
 */
export async function checkIntegrity(db: Db, sealer?: Sealer): Promise<IntegrityReport> {
  const deposits = await checkInvariant(db);
  const spaces = await db.selectFrom('auction_spaces').select('id').where('last_seq', '>', 0).orderBy('id').execute();
  const auctions = { spaces: spaces.length, bids: 0, broken: [] as string[] };
  for (const { id } of spaces) {
    const chain = await verifyChain(db, id);
    auctions.bids += chain.bids;
    if (!chain.ok) auctions.broken.push(`space ${id}: seq ${chain.broken!.seq}: ${chain.broken!.reason}`);
  }
  const tenders = await verifyTenderChains(db, sealer);
  const contracts = await verifyContractTrails(db);
  return {
    ok: deposits.ok && auctions.broken.length === 0 && tenders.ok && contracts.broken.length === 0,
    deposits: { ok: deposits.ok, problems: deposits.problems },
    auctions,
    tenders: { ok: tenders.ok, tenders: tenders.tenders, records: tenders.records, problems: tenders.problems },
    contracts,
  };
}
