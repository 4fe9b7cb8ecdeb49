import type { Kysely } from 'kysely';
import {
  CONTRACT_ADMIN_PERMISSION,
  CONTRACT_LIMITS,
  CONTRACT_ORIGINS,
  CONTRACT_PAGE_PATHS,
  CONTRACT_PERMISSION,
} from '@portal/contracts/contracts';
import { blobType, withIdColumn, type Dialect } from '../../../db/database';
import type { Database } from '../../../db/schema';
import { ADMIN, applyReferenceData, COMPANY, tradingPage, type MenuDeclaration } from '../../../db/reference-data';
import { DEFAULT_CLAUSES, defaultTemplateBody, DEFAULT_TEMPLATE_NAMES } from './default-templates';

const MENUS: MenuDeclaration[] = [
  tradingPage(
    'trading-contracts',
    'trading',
    'myContracts',
    '电子合同',
    CONTRACT_PAGE_PATHS.myContracts,
    'FileProtectOutlined',
    4,
    COMPANY,
    {
      'en-US': 'Contracts',
      'zh-TW': '電子合約',
    },
  ),
  tradingPage(
    'trading-admin-contracts',
    'trading-admin',
    'contractSupervision',
    '合同监管',
    CONTRACT_PAGE_PATHS.supervision,
    'FileProtectOutlined',
    6,
    ADMIN,
    { 'en-US': 'Contract supervision', 'zh-TW': '合約監管' },
  ),
  tradingPage(
    'trading-admin-contract-templates',
    'trading-admin',
    'contractTemplates',
    '合同模板',
    CONTRACT_PAGE_PATHS.templates,
    'FileTextOutlined',
    7,
    ADMIN,
    { 'en-US': 'Contract templates', 'zh-TW': '合約範本' },
  ),
  tradingPage(
    'trading-admin-contract-settings',
    'trading-admin',
    'contractSettings',
    '合同签署设置',
    CONTRACT_PAGE_PATHS.settings,
    'SettingOutlined',
    8,
    ADMIN,
    { 'en-US': 'Contract signing settings', 'zh-TW': '合約簽署設定' },
  ),
];

async function createTables(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await withIdColumn(db.schema.createTable('contract_templates'), dialect)
    .addColumn('code', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('market_id', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('origin', 'varchar(10)', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_by', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('contract_templates_use').on('contract_templates').columns(['market_id', 'origin', 'active']).execute();
  await withIdColumn(db.schema.createTable('contract_template_versions'), dialect)
    .addColumn('template_id', 'integer', (c) => c.notNull().references('contract_templates.id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('clauses', 'text', (c) => c.notNull())
    .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_by', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('contract_template_versions_no', ['template_id', 'version'])
    .execute();
  await db.schema
    .createTable('contract_settings')
    .addColumn('market_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('signing_required', 'integer', (c) => c.notNull())
    .addColumn('signing_hours', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await withIdColumn(db.schema.createTable('contracts'), dialect)
    .addColumn('contract_no', 'varchar(40)', (c) => c.notNull().unique())
    // One contract per order: a second generation of the same order meets this.
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('order_no', 'varchar(40)', (c) => c.notNull())
    .addColumn('origin', 'varchar(10)', (c) => c.notNull())
    .addColumn('origin_code', 'varchar(40)', (c) => c.notNull())
    .addColumn('market_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('lang', 'varchar(8)', (c) => c.notNull())
    .addColumn('template_id', 'integer', (c) => c.notNull())
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('buyer_company_id', 'integer', (c) => c.notNull())
    .addColumn('seller_company_id', 'integer', (c) => c.notNull())
    .addColumn('buyer_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('seller_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('goods_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('signing_required', 'integer', (c) => c.notNull())
    .addColumn('sign_by', 'varchar(32)', (c) => c.notNull())
    .addColumn('original_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('current_sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('sealed_sha256', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('contracts_buyer').on('contracts').columns(['buyer_company_id', 'state', 'id']).execute();
  await db.schema.createIndex('contracts_seller').on('contracts').columns(['seller_company_id', 'state', 'id']).execute();
  await db.schema.createIndex('contracts_original').on('contracts').columns(['original_sha256']).execute();
  await db.schema.createIndex('contracts_sealed').on('contracts').columns(['sealed_sha256']).execute();

  await withIdColumn(db.schema.createTable('contract_parties'), dialect)
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
    .addColumn('side', 'varchar(10)', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('credit_code', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull())
    .addColumn('signer_user_id', 'integer')
    .addColumn('signer_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('signed_at', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('declined_at', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('decline_reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addUniqueConstraint('contract_parties_side', ['contract_id', 'side'])
    .execute();

  await withIdColumn(db.schema.createTable('contract_files'), dialect)
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('data', blobType(dialect), (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    // Two signatures made from the same revision at once: only one becomes the next.
    .addUniqueConstraint('contract_files_revision', ['contract_id', 'revision'])
    .execute();
  await db.schema.createIndex('contract_files_sha').on('contract_files').columns(['sha256']).execute();

  await withIdColumn(db.schema.createTable('contract_events'), dialect)
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('actor_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('company_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('digest', 'varchar(64)', (c) => c.notNull())
    // The chain has no gaps and no forks: one event per place.
    .addUniqueConstraint('contract_events_seq', ['contract_id', 'seq'])
    .execute();
}

/**
 * Electronic contracts: their tables, the pages and permission codes, the platform-wide default
 * settings (signing required, 48 hours) and a default zh-CN template per origin.
 */
export function contracts(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await createTables(db, dialect);
      const at = new Date().toISOString();
      const k = db as Kysely<Database>;
      await k
        .insertInto('contract_settings')
        .values({ market_id: '', signing_required: 1, signing_hours: CONTRACT_LIMITS.signingHoursDefault, updated_at: at })
        .execute();
      for (const origin of CONTRACT_ORIGINS) {
        const { id } = await k
          .insertInto('contract_templates')
          .values({
            code: `default-${origin}`,
            name: DEFAULT_TEMPLATE_NAMES[origin],
            market_id: '',
            origin,
            lang: 'zh-CN',
            version: 1,
            active: 1,
            updated_at: at,
            updated_by: '',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await k
          .insertInto('contract_template_versions')
          .values({
            template_id: id,
            version: 1,
            body: defaultTemplateBody(origin),
            clauses: DEFAULT_CLAUSES,
            note: '',
            created_at: at,
            created_by: '',
          })
          .execute();
      }
      await applyReferenceData(db, {
        roles: [
          { code: 'company_user', name: '企业用户', permissions: [CONTRACT_PERMISSION] },
          { code: 'platform_admin', name: '平台管理员', permissions: [CONTRACT_ADMIN_PERMISSION] },
        ],
        menus: MENUS,
      });
    },
  };
}
