import type { Kysely } from 'kysely';
import { PRICE_INDEX_PERMISSION } from '@portal/contracts/price-index';
import { applyReferenceData, type MenuDeclaration } from '../../../db/reference-data';

/** The operators' page of the published index, beside the typed price indices under the portal's data. */
export const PRICE_INDEX_MENU: MenuDeclaration = {
  id: 'data-price-index-publications',
  parent_id: 'content-data',
  name: 'priceIndexPublications',
  title: '成交价格指数',
  url: '/admin/price-index-publications',
  icon: 'FundOutlined',
  menu_type: '',
  system_code: 'cms',
  app_code: 'cms',
  sort: 3,
  keep_alive: 1,
  menu_arg: '',
  roles: ['platform_admin'],
  titles: { 'en-US': 'Deal price index', 'zh-TW': '成交價格指數' },
};

/** The page's menu and the permission to annotate or withhold a published value, granted to the platform's operators. */
export function priceIndexMenus() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await applyReferenceData(db, {
        roles: [{ code: 'platform_admin', name: '平台管理员', permissions: [PRICE_INDEX_PERMISSION] }],
        menus: [PRICE_INDEX_MENU],
      });
    },
  };
}
