import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ContractSettingTable, ContractTemplateTable, ContractTemplateVersionTable } from './tables';
import { pageAndTotal } from '../../platform/table-repo';
import type { Trx } from '../../platform/write-path';

export type TemplateRow = Selectable<ContractTemplateTable>;
export type TemplateVersionRow = Selectable<ContractTemplateVersionTable>;
export type SettingRow = Selectable<ContractSettingTable>;

/** Storage of templates, their versions and the signing settings per market. */
export function createTemplatesRepo(db: Db) {
  return {
    page(filter: { origin?: string; marketId?: string }, pageNo: number, pageSize: number) {
      let rows = db.selectFrom('contract_templates').selectAll();
      let count = db.selectFrom('contract_templates');
      if (filter.origin) {
        rows = rows.where('origin', '=', filter.origin);
        count = count.where('origin', '=', filter.origin);
      }
      if (filter.marketId !== undefined) {
        rows = rows.where('market_id', '=', filter.marketId);
        count = count.where('market_id', '=', filter.marketId);
      }
      return pageAndTotal(rows.orderBy('id'), count, pageNo, pageSize);
    },

    find(id: number, on: Db | Trx = db): Promise<TemplateRow | undefined> {
      return on.selectFrom('contract_templates').selectAll().where('id', '=', id).executeTakeFirst();
    },

    versions(templateId: number, on: Db | Trx = db): Promise<TemplateVersionRow[]> {
      return on
        .selectFrom('contract_template_versions')
        .selectAll()
        .where('template_id', '=', templateId)
        .orderBy('version', 'desc')
        .execute();
    },

    version(templateId: number, version: number, on: Db | Trx = db): Promise<TemplateVersionRow | undefined> {
      return on
        .selectFrom('contract_template_versions')
        .selectAll()
        .where('template_id', '=', templateId)
        .where('version', '=', version)
        .executeTakeFirst();
    },

    async contractCounts(templateId: number, on: Db | Trx = db): Promise<Map<number, number>> {
      const rows = await on
        .selectFrom('contracts')
        .select(['template_version', (eb) => eb.fn.countAll<number>().as('n')])
        .where('template_id', '=', templateId)
        .groupBy('template_version')
        .execute();
      return new Map(rows.map((r) => [Number(r.template_version), Number(r.n)]));
    },

    /** The active template of a market and origin; a market without one uses the platform-wide one. */
    async active(marketId: string, origin: string, on: Db | Trx = db): Promise<TemplateRow | undefined> {
      const rows = await on
        .selectFrom('contract_templates')
        .selectAll()
        .where('origin', '=', origin)
        .where('active', '=', 1)
        .where('market_id', 'in', marketId ? [marketId, ''] : [''])
        .execute();
      return rows.find((r) => r.market_id === marketId) ?? rows.find((r) => r.market_id === '');
    },

    async insert(trx: Trx, values: Omit<TemplateRow, 'id'>): Promise<number> {
      const { id } = await trx.insertInto('contract_templates').values(values).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    async update(trx: Trx, id: number, values: Partial<Omit<TemplateRow, 'id'>>): Promise<void> {
      await trx.updateTable('contract_templates').set(values).where('id', '=', id).execute();
    },

    /** Only one template per market and origin is the one new contracts use. */
    async deactivateOthers(trx: Trx, t: Pick<TemplateRow, 'id' | 'market_id' | 'origin'>): Promise<void> {
      await trx
        .updateTable('contract_templates')
        .set({ active: 0 })
        .where('market_id', '=', t.market_id)
        .where('origin', '=', t.origin)
        .where('id', '!=', t.id)
        .execute();
    },

    async addVersion(trx: Trx, values: Omit<TemplateVersionRow, 'id'>): Promise<void> {
      await trx.insertInto('contract_template_versions').values(values).execute();
    },

    /** The market's own setting, else the platform-wide one (market ''). */
    async setting(marketId: string, on: Db | Trx = db): Promise<SettingRow | undefined> {
      const rows = await on
        .selectFrom('contract_settings')
        .selectAll()
        .where('market_id', 'in', marketId ? [marketId, ''] : [''])
        .execute();
      return rows.find((r) => r.market_id === marketId) ?? rows.find((r) => r.market_id === '');
    },

    settings(): Promise<SettingRow[]> {
      return db.selectFrom('contract_settings').selectAll().execute();
    },

    markets() {
      return db.selectFrom('markets').select(['market_id', 'market_name_zh']).orderBy('sort').orderBy('market_id').execute();
    },

    marketExists(marketId: string, on: Db | Trx = db) {
      return on.selectFrom('markets').select('market_id').where('market_id', '=', marketId).executeTakeFirst();
    },

    async saveSetting(trx: Trx, row: SettingRow): Promise<void> {
      await trx
        .insertInto('contract_settings')
        .values(row)
        .onConflict((oc) =>
          oc
            .column('market_id')
            .doUpdateSet({ signing_required: row.signing_required, signing_hours: row.signing_hours, updated_at: row.updated_at }),
        )
        .execute();
    },
  };
}
export type TemplatesRepo = ReturnType<typeof createTemplatesRepo>;
