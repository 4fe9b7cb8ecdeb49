import type { AgreementRow, BannerRow, EnterpriseRow, FriendLinkRow, PriceIndexRow } from '@portal/contracts/admin-content';
import type { Db } from '../../db/database';
import { contains, type ResourceRepo } from '../../platform/resource';
import { createTableRepo, equals } from '../../platform/table-repo';

export interface BannerValues {
  positionCode: string;
  title: string;
  imageUrl: string;
  url?: string;
  hyperlink?: string;
  adType: string;
  attachment?: string;
  sort: number;
  enabled: boolean;
}

/** Banners of every position (web_index is the home carousel). */
export function createBannersAdminRepo(
  db: Db,
): ResourceRepo<BannerRow, { positionCode?: string; keyword?: string }, BannerValues, BannerValues> {
  const columnsOf = (v: BannerValues) => ({
    position_code: v.positionCode,
    title: v.title,
    image_url: v.imageUrl,
    url: v.url ?? '',
    hyperlink: v.hyperlink ?? '',
    ad_type: v.adType,
    attachment: v.attachment ?? '',
    sort: v.sort,
    enabled: v.enabled ? 1 : 0,
  });
  return createTableRepo(db, {
    table: 'cms_banners',
    toRow: (r): BannerRow => ({
      id: String(r.id),
      positionCode: r.position_code,
      title: r.title,
      imageUrl: r.image_url,
      url: r.url,
      hyperlink: r.hyperlink,
      adType: r.ad_type,
      attachment: r.attachment,
      sort: r.sort,
      enabled: r.enabled === 1,
    }),
    where: (f) => [
      f.positionCode ? equals('position_code', f.positionCode) : undefined,
      f.keyword ? contains('title', f.keyword) : undefined,
    ],
    order: ['position_code', 'sort', 'id'],
    insertValues: columnsOf,
    updateValues: columnsOf,
  });
}

export interface FriendLinkValues {
  name: string;
  url: string;
  logo?: string;
  sort: number;
}

/** Partner logo links of the about page. */
export function createFriendLinksAdminRepo(db: Db): ResourceRepo<FriendLinkRow, { keyword?: string }, FriendLinkValues, FriendLinkValues> {
  const columnsOf = (v: FriendLinkValues) => ({ ...v, logo: v.logo ?? '' });
  return createTableRepo(db, {
    table: 'cms_friend_links',
    toRow: (r): FriendLinkRow => ({ ...r, id: String(r.id) }),
    where: (f) => [f.keyword ? contains('name', f.keyword) : undefined],
    order: ['sort', 'id'],
    insertValues: columnsOf,
    updateValues: columnsOf,
  });
}

export interface EnterpriseValues {
  name: string;
  logo?: string;
  mainBusiness?: string;
  html: string;
  sort: number;
}

/** Member enterprises the home page rotates through, with their rich-text introductions. */
export function createEnterprisesAdminRepo(
  db: Db,
  now: () => Date,
): ResourceRepo<EnterpriseRow, { keyword?: string }, EnterpriseValues, EnterpriseValues> {
  const columnsOf = (v: EnterpriseValues) => ({
    name: v.name,
    logo: v.logo ?? '',
    main_business: v.mainBusiness ?? '',
    introduce_html: v.html,
    sort: v.sort,
  });
  return createTableRepo(db, {
    table: 'cms_enterprises',
    toRow: (r): EnterpriseRow => ({
      id: String(r.id),
      name: r.name,
      logo: r.logo,
      mainBusiness: r.main_business,
      html: r.introduce_html,
      sort: r.sort,
      createdAt: r.created_at,
    }),
    where: (f) => [f.keyword ? contains('name', f.keyword) : undefined],
    order: ['sort', 'id'],
    insertValues: (v) => ({ ...columnsOf(v), created_at: now().toISOString() }),
    updateValues: columnsOf,
  });
}

export interface PriceIndexValues {
  goodsName: string;
  priceIndex: number;
  indexDate: string;
  dayChange: number;
  monthChange: number;
  yearChange: number;
  sort: number;
}

/** Price indices; stored in hundredths so two decimals stay exact. */
export function createPriceIndicesAdminRepo(db: Db): ResourceRepo<PriceIndexRow, { keyword?: string }, PriceIndexValues, PriceIndexValues> {
  const hundredths = (n: number) => Math.round(n * 100);
  const columnsOf = (v: PriceIndexValues) => ({
    goods_name: v.goodsName,
    index_value: hundredths(v.priceIndex),
    index_date: v.indexDate,
    day_change_bp: hundredths(v.dayChange),
    month_change_bp: hundredths(v.monthChange),
    year_change_bp: hundredths(v.yearChange),
    sort: v.sort,
  });
  return createTableRepo(db, {
    table: 'cms_price_indices',
    toRow: (r): PriceIndexRow => ({
      id: String(r.id),
      goodsName: r.goods_name,
      priceIndex: r.index_value / 100,
      indexDate: r.index_date,
      dayChange: r.day_change_bp / 100,
      monthChange: r.month_change_bp / 100,
      yearChange: r.year_change_bp / 100,
      sort: r.sort,
    }),
    where: (f) => [f.keyword ? contains('goods_name', f.keyword) : undefined],
    order: [['index_date', 'desc'], 'sort', 'id'],
    insertValues: columnsOf,
    updateValues: columnsOf,
  });
}

export interface AgreementValues {
  kind: string;
  title: string;
  body: string;
  sort: number;
  enabled: boolean;
}

/** The agreements registration shows (account issue's table). */
export function createAgreementsAdminRepo(db: Db, now: () => Date): ResourceRepo<AgreementRow, object, AgreementValues, AgreementValues> {
  const columnsOf = (v: AgreementValues) => ({ kind: v.kind, title: v.title, body: v.body, sort: v.sort, enabled: v.enabled ? 1 : 0 });
  return createTableRepo(db, {
    table: 'agreements',
    toRow: (r): AgreementRow => ({
      id: String(r.id),
      kind: r.kind,
      title: r.title,
      body: r.body,
      sort: r.sort,
      enabled: r.enabled === 1,
      updatedAt: r.updated_at,
    }),
    order: ['sort', 'id'],
    insertValues: (v) => {
      const at = now().toISOString();
      return { ...columnsOf(v), created_at: at, updated_at: at };
    },
    updateValues: (v) => ({ ...columnsOf(v), updated_at: now().toISOString() }),
  });
}
