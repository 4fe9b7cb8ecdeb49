import type { ContractEventKind } from '@portal/contracts/contracts';
import { canonicalJson, GENESIS_DIGEST, linkDigest } from '../../platform/hash-chain';
import type { Db } from '../../db/database';
import type { Trx } from '../../platform/write-path';
import type { ContractEventRow, ContractsRepo } from './contracts.repo';

/** Who did something to a contract, from where; empty for the platform. */
export interface AuditActor {
  userId: number | null;
  name: string;
  companyName: string;
  ip: string;
  userAgent: string;
}

export const PLATFORM_ACTOR: AuditActor = { userId: null, name: '', companyName: '', ip: '', userAgent: '' };

type Chained = Pick<
  ContractEventRow,
  'contract_id' | 'seq' | 'kind' | 'actor_user_id' | 'actor_name' | 'company_name' | 'ip' | 'user_agent' | 'note' | 'at'
>;

/** The text an event's digest covers: every field but the digest itself. */
const contentOf = (e: Chained) =>
  canonicalJson({
    contractId: Number(e.contract_id),
    seq: Number(e.seq),
    kind: e.kind,
    actorUserId: e.actor_user_id === null ? null : Number(e.actor_user_id),
    actorName: e.actor_name,
    companyName: e.company_name,
    ip: e.ip,
    userAgent: e.user_agent,
    note: e.note,
    at: e.at,
  });

/**
 * Appends an event to a contract's audit trail: its digest covers the one before it, so changing,
 * inserting or removing an event breaks every digest after it. The caller holds the contract's
 * row (or the unique sequence number refuses a second writer).
 */
export async function recordEvent(
  repo: ContractsRepo,
  trx: Trx,
  contractId: number,
  kind: ContractEventKind,
  actor: AuditActor,
  at: string,
  note = '',
): Promise<string> {
  const last = await repo.lastEvent(trx, contractId);
  const event: Chained = {
    contract_id: contractId,
    seq: last ? Number(last.seq) + 1 : 1,
    kind,
    actor_user_id: actor.userId,
    actor_name: actor.name.slice(0, 100),
    company_name: actor.companyName.slice(0, 100),
    ip: actor.ip.slice(0, 64),
    user_agent: actor.userAgent.slice(0, 300),
    note: note.slice(0, 500),
    at,
  };
  const digest = linkDigest(last?.digest ?? GENESIS_DIGEST, contentOf(event));
  await repo.addEvent(trx, { ...event, digest });
  return digest;
}

/** The first event whose digest does not follow from the ones before it; undefined when the chain holds. */
export function brokenLink(events: readonly ContractEventRow[]): number | undefined {
  let previous = GENESIS_DIGEST;
  for (const [i, e] of events.entries()) {
    if (Number(e.seq) !== i + 1 || linkDigest(previous, contentOf(e)) !== e.digest) return Number(e.seq);
    previous = e.digest;
  }
  return undefined;
}

/** Every contract's audit trail checked link by link: how many trails and events, and each break. */
export async function verifyContractTrails(db: Db): Promise<{ contracts: number; events: number; broken: string[] }> {
  const rows = await db.selectFrom('contract_events').selectAll().orderBy('contract_id').orderBy('seq').execute();
  const trails = new Map<number, ContractEventRow[]>();
  for (const row of rows) {
    const id = Number(row.contract_id);
    trails.set(id, [...(trails.get(id) ?? []), row]);
  }
  const broken: string[] = [];
  for (const [id, events] of trails) {
    const seq = brokenLink(events);
    if (seq !== undefined) broken.push(`contract ${id}: event ${seq} does not follow from the ones before it`);
  }
  return { contracts: trails.size, events: rows.length, broken };
}
