import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { createFilesRepo } from '../modules/files';
import type { Database } from '../db/schema';
import type { DemoContext } from './index';
import { shopLogo } from './trading-pictures';

/** The stores of the trading demo's two extra suppliers (supplier01's comes with the market data). */
const EXTRA_SUPPLIERS = [
  {
    account: 'supplier02',
    name: '河南中原沃丰化肥有限公司',
    contact: '孙强',
    region: '河南新乡',
    business: '尿素、复合肥、硫酸铵生产与销售',
    colour: '#558b2f',
  },
  {
    account: 'supplier03',
    name: '陕西秦川煤化有限公司',
    contact: '马军',
    region: '陕西榆林',
    business: '动力煤、甲醇及煤化工副产品',
    colour: '#5d4037',
  },
];

/**
 * The trading demo companies as parties: stores for supplier02 and
 * supplier03, and buyer01's supplier list holding supplier01 and supplier02 but not supplier03 (so
 * tender access can be tried both ways). Their deposits, listings and orders are made afterwards
 * through the running services (trading-story.ts), so every rule and the ledger hold for them.
 */
export async function loadTradingParties(trx: Transaction<Database>, ctx: DemoContext): Promise<void> {
  const files = createFilesRepo(trx);
  for (const [index, shop] of EXTRA_SUPPLIERS.entries()) {
    const userId = ctx.userIds.get(shop.account)!;
    const logo = shopLogo(shop.name.slice(2, 4), shop.colour);
    const logoId = `shop-logo-${shop.account}-${createHash('sha256').update(logo).digest('base64url').slice(0, 10)}`;
    await files.insert({ id: logoId, name: `${shop.account}.svg`, content_type: 'image/svg+xml', data: logo, created_at: ctx.at });
    await trx
      .insertInto('shops')
      .values({
        user_id: userId,
        company_name: shop.name,
        logo_file_id: logoId,
        region: shop.region,
        main_business: shop.business,
        introduction: `${shop.name}位于${shop.region}，主营${shop.business}，可提供铁路、公路运输及第三方质检报告。`,
        contact_name: shop.contact,
        contact_phone: `0${391 + index * 521}-${6_120_000 + index * 37_413}`,
        recommended: 0,
        recommend_sort: 100 + index,
        opened_at: new Date(ctx.now.getTime() - (200 + index * 60) * 86_400_000).toISOString(),
      })
      .execute();
  }
  const buyer01 = ctx.userIds.get('buyer01')!;
  const onList = await trx.selectFrom('pur_customer_relations').select('supplier_user_id').where('buyer_user_id', '=', buyer01).execute();
  const present = new Set(onList.map((r) => r.supplier_user_id));
  for (const account of ['supplier01', 'supplier02']) {
    const supplier = ctx.userIds.get(account)!;
    if (present.has(supplier)) continue;
    await trx
      .insertInto('pur_customer_relations')
      .values({ buyer_user_id: buyer01, supplier_user_id: supplier, created_at: ctx.at, remark: '长期合作供应商' })
      .execute();
  }
}
