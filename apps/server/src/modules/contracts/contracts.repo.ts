import type { Expression, ExpressionBuilder, Selectable, SqlBool } from 'kysely';
import type { ContractFilter } from '@portal/contracts/contracts';
import { lockedForUpdate, type Db, type Dialect } from '../../db/database';
import type { Database } from '../../db/schema';
import type { ContractEventTable, ContractPartyTable, ContractTable } from './tables';
import { contains } from '../../platform/resource';
import { pageAndTotal } from '../../platform/table-repo';
import type { Stateless } from '../../platform/transitions';
import type { Trx } from '../../platform/write-path';

export type ContractRowData = Selectable<ContractTable>;
export type ContractPartyRow = Selectable<ContractPartyTable>;
export type ContractEventRow = Selectable<ContractEventTable>;

/** Which contract and party states each of "my contracts" filters means. */
const FILTERS: Record<ContractFilter, { contract: number; party?: number }> = {
  toSign: { contract: 1, party: 0 },
  signedByMe: { contract: 1, party: 1 },
  completed: { contract: 2 },
  declined: { contract: 3 },
  expired: { contract: 4 },
};

export interface AdminFilter {
  state?: number;
  origin?: string;
  marketId?: string;
  keyword?: string;
}

type Scope = ExpressionBuilder<Database, 'contracts' | 'contract_parties'>;

/** Storage of contracts, their parties, their files and their audit trail. */
export function createContractsRepo(db: Db, dialect: Dialect) {
  const mine = (companyId: number, filter?: ContractFilter) => (eb: Scope) => {
    const conditions: Expression<SqlBool>[] = [eb('contract_parties.company_id', '=', companyId)];
    if (filter) {
      conditions.push(eb('contracts.state', '=', FILTERS[filter].contract));
      if (FILTERS[filter].party !== undefined) conditions.push(eb('contract_parties.state', '=', FILTERS[filter].party));
    }
    return eb.and(conditions);
  };
  const joined = () => db.selectFrom('contracts').innerJoin('contract_parties', 'contract_parties.contract_id', 'contracts.id');

  return {
    findByNo(contractNo: string, on: Db | Trx = db): Promise<ContractRowData | undefined> {
      return on.selectFrom('contracts').selectAll().where('contract_no', '=', contractNo).executeTakeFirst();
    },

    /** Locked for the rest of the transaction on PostgreSQL: one signature at a time per contract. */
    findByNoForUpdate(trx: Trx, contractNo: string): Promise<ContractRowData | undefined> {
      return lockedForUpdate(trx.selectFrom('contracts').selectAll().where('contract_no', '=', contractNo), dialect).executeTakeFirst();
    },

    findByOrderNo(orderNo: string, on: Db | Trx = db): Promise<ContractRowData | undefined> {
      return on.selectFrom('contracts').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
    },

    findByOrderId(orderId: number, on: Db | Trx = db): Promise<ContractRowData | undefined> {
      return on.selectFrom('contracts').selectAll().where('order_id', '=', orderId).executeTakeFirst();
    },

    /** The contract a file is, or was made from: by the digest of any revision it had. */
    async findByFileSha(sha256: string): Promise<{ contract: ContractRowData; kind: string } | undefined> {
      const file = await db
        .selectFrom('contract_files')
        .select(['contract_id', 'kind'])
        .where('sha256', '=', sha256)
        .orderBy('id')
        .executeTakeFirst();
      if (!file) return undefined;
      const contract = await db.selectFrom('contracts').selectAll().where('id', '=', file.contract_id).executeTakeFirstOrThrow();
      return { contract, kind: file.kind };
    },

    async update(trx: Trx, id: number, values: Stateless<ContractTable, 'state'>): Promise<void> {
      await trx.updateTable('contracts').set(values).where('id', '=', id).execute();
    },

    parties(contractId: number, on: Db | Trx = db): Promise<ContractPartyRow[]> {
      return on.selectFrom('contract_parties').selectAll().where('contract_id', '=', contractId).orderBy('id').execute();
    },

    async addFile(
      trx: Trx,
      f: { contractId: number; revision: number; kind: string; sha256: string; data: Uint8Array; at: string },
    ): Promise<void> {
      await trx
        .insertInto('contract_files')
        .values({
          contract_id: f.contractId,
          revision: f.revision,
          kind: f.kind,
          sha256: f.sha256,
          data: Buffer.from(f.data),
          created_at: f.at,
        })
        .execute();
    },

    async file(contractId: number, revision: number, on: Db | Trx = db): Promise<Uint8Array | undefined> {
      const row = await on
        .selectFrom('contract_files')
        .select('data')
        .where('contract_id', '=', contractId)
        .where('revision', '=', revision)
        .executeTakeFirst();
      return row ? new Uint8Array(row.data) : undefined;
    },

    events(contractId: number, on: Db | Trx = db): Promise<ContractEventRow[]> {
      return on.selectFrom('contract_events').selectAll().where('contract_id', '=', contractId).orderBy('seq').execute();
    },

    lastEvent(trx: Trx, contractId: number): Promise<Pick<ContractEventRow, 'seq' | 'digest'> | undefined> {
      return trx
        .selectFrom('contract_events')
        .select(['seq', 'digest'])
        .where('contract_id', '=', contractId)
        .orderBy('seq', 'desc')
        .executeTakeFirst();
    },

    async addEvent(trx: Trx, values: Omit<Selectable<ContractEventTable>, 'id'>): Promise<void> {
      await trx.insertInto('contract_events').values(values).execute();
    },

    /** A company's contracts (either side) by filter, newest first, with the party row of that company. */
    page(companyId: number, filter: ContractFilter | undefined, pageNo: number, pageSize: number) {
      return pageAndTotal(
        joined()
          .selectAll('contracts')
          .select(['contract_parties.side as my_side', 'contract_parties.state as my_party_state'])
          .where(mine(companyId, filter))
          .orderBy('contracts.id', 'desc'),
        joined().where(mine(companyId, filter)),
        pageNo,
        pageSize,
      );
    },

    /** How many of a company's contracts each filter holds. */
    async counts(companyId: number): Promise<Record<ContractFilter, number>> {
      const rows = await joined()
        .select(['contracts.state as state', 'contract_parties.state as party', (eb) => eb.fn.countAll<number>().as('n')])
        .where('contract_parties.company_id', '=', companyId)
        .groupBy(['contracts.state', 'contract_parties.state'])
        .execute();
      const out = { toSign: 0, signedByMe: 0, completed: 0, declined: 0, expired: 0 } as Record<ContractFilter, number>;
      for (const row of rows) {
        for (const [name, f] of Object.entries(FILTERS) as [ContractFilter, (typeof FILTERS)[ContractFilter]][]) {
          if (Number(row.state) === f.contract && (f.party === undefined || Number(row.party) === f.party)) out[name] += Number(row.n);
        }
      }
      return out;
    },

    adminPage(filter: AdminFilter, pageNo: number, pageSize: number) {
      const matches = (eb: ExpressionBuilder<Database, 'contracts'>) => {
        const conditions: Expression<SqlBool>[] = [];
        if (filter.state !== undefined) conditions.push(eb('state', '=', filter.state));
        if (filter.origin) conditions.push(eb('origin', '=', filter.origin));
        if (filter.marketId !== undefined) conditions.push(eb('market_id', '=', filter.marketId));
        if (filter.keyword) {
          const keyword = filter.keyword;
          conditions.push(eb.or(['contract_no', 'order_no', 'buyer_name', 'seller_name'].map((column) => contains(column, keyword))));
        }
        return eb.and(conditions);
      };
      return pageAndTotal(
        db.selectFrom('contracts').selectAll().where(matches).orderBy('id', 'desc'),
        db.selectFrom('contracts').where(matches),
        pageNo,
        pageSize,
      );
    },

    company(id: number, on: Db | Trx = db) {
      return on
        .selectFrom('companies')
        .select(['id', 'name', 'credit_code', 'address', 'contact_name', 'contact_phone'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    member(userId: number, on: Db | Trx = db) {
      return on
        .selectFrom('users')
        .select(['id', 'account', 'real_name', 'nick_name', 'mobile', 'company_id'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    /** The order a contract is made for (read only: the orders module owns it). */
    order(orderId: number, on: Db | Trx = db) {
      return on
        .selectFrom('orders')
        .select(['id', 'order_no', 'snapshot_json', 'quantity_milli', 'amount', 'currency', 'deposit_frozen', 'delivery_address', 'pay_by'])
        .where('id', '=', orderId)
        .executeTakeFirst();
    },

    async isOrderParty(orderNo: string, companyId: number): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('order_no', '=', orderNo)
        .where((eb) => eb.or([eb('buyer_company_id', '=', companyId), eb('seller_company_id', '=', companyId)]))
        .executeTakeFirst();
      return row !== undefined;
    },

    async listingMarket(listingId: number, on: Db | Trx = db): Promise<string> {
      const row = await on.selectFrom('listings').select('market_code').where('id', '=', listingId).executeTakeFirst();
      return row?.market_code ?? '';
    },
  };
}
export type ContractsRepo = ReturnType<typeof createContractsRepo>;
