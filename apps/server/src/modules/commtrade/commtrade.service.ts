import type { Market, RecommendedShop, ShopDetail, VarietyNode, EnumValue } from '@portal/contracts/commtrade';
import { ENUM_CLASSES, enumValues, type EnumClassName } from '@portal/contracts/trade-constants';
import { fileUrl } from '@portal/contracts/files';
import type { Lang } from '@portal/contracts/i18n';
import type { Selectable } from 'kysely';
import type { ShopTable } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { CommtradeRepo } from './commtrade.repo';

/** The trading area's reference data: varieties, markets, currencies, enumerations and shops. */
export function createCommtradeService({ repo }: { repo: CommtradeRepo }) {
  const shopCard = (shop: Selectable<ShopTable>): RecommendedShop => ({
    userId: String(shop.user_id),
    shopLogo: shop.logo_file_id ? fileUrl(shop.logo_file_id) : '',
    companyName: shop.company_name,
    mainBusiness: shop.main_business,
  });

  return {
    /** The variety tree, nested from its flat rows (parents before children by sort order). */
    async varietyTree(): Promise<VarietyNode[]> {
      const rows = await repo.varieties();
      const nodes = new Map<string, VarietyNode>();
      const roots: VarietyNode[] = [];
      for (const row of rows) {
        nodes.set(row.code, {
          id: String(row.id),
          code: row.code,
          parCode: row.par_code,
          shortName: row.short_name,
          level: row.level,
          children: [],
        });
      }
      for (const row of rows) {
        const node = nodes.get(row.code)!;
        const parent = row.par_code ? nodes.get(row.par_code) : undefined;
        if (parent) parent.children.push(node);
        else if (!row.par_code) roots.push(node);
      }
      return roots;
    },

    async marketsByMode(objMode: number | number[]): Promise<Market[]> {
      const modes = Array.isArray(objMode) ? [...new Set(objMode)] : [objMode];
      const rows = await repo.marketsByModes(modes);
      return rows.map((m) => ({ marketId: m.market_id, marketNameZh: m.market_name_zh, objMode: m.obj_mode, currency: m.currency }));
    },

    async moneyTypes(): Promise<{ marketCode: string; currency: string }[]> {
      return (await repo.markets()).map((m) => ({ marketCode: m.market_id, currency: m.currency }));
    },

    enumValues(className: EnumClassName, lang: Lang): EnumValue[] {
      return enumValues(ENUM_CLASSES[className], lang);
    },

    async recommendedShops(): Promise<RecommendedShop[]> {
      return (await repo.recommendedShops()).map(shopCard);
    },

    async shopDetail(userId: number): Promise<ShopDetail> {
      const shop = await repo.findShop(userId);
      if (!shop) throw new AppError('NOT_FOUND');
      return {
        ...shopCard(shop),
        region: shop.region,
        introduction: shop.introduction,
        contactName: shop.contact_name,
        contactPhone: shop.contact_phone,
        listingCount: await repo.countOnListing(userId),
        openedAt: shop.opened_at,
      };
    },
  };
}
export type CommtradeService = ReturnType<typeof createCommtradeService>;
