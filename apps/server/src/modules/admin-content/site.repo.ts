import type { AgreementRow, BannerRow, EnterpriseRow, FriendLinkRow, PriceIndexRow } from '@portal/contracts/admin-content';
import type { Db } from '../../db/database';
import { contains, type ResourceRepo } from '../../platform/resource';

const numericId = (id: string) => (/^\d{1,12}$/.test(id) ? Number(id) : -1);
const pageOf = (pageNo: number, pageSize: number) => ({ limit: pageSize, offset: (pageNo - 1) * pageSize });

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
  const filtered = (f: { positionCode?: string; keyword?: string }) => {
    let q = db.selectFrom('cms_banners');
    if (f.positionCode) q = q.where('position_code', '=', f.positionCode);
    if (f.keyword) q = q.where(contains('title', f.keyword));
    return q;
  };
  const toRow = (r: {
    id: number;
    position_code: string;
    title: string;
    image_url: string;
    url: string;
    hyperlink: string;
    ad_type: string;
    attachment: string;
    sort: number;
    enabled: number;
  }): BannerRow => ({
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
  });
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
  return {
    async page(f, pageNo, pageSize) {
      const { limit, offset } = pageOf(pageNo, pageSize);
      const [rows, total] = await Promise.all([
        filtered(f).selectAll().orderBy('position_code').orderBy('sort').orderBy('id').limit(limit).offset(offset).execute(),
        filtered(f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      ]);
      return { rows: rows.map(toRow), total };
    },
    async get(id) {
      const row = await db.selectFrom('cms_banners').selectAll().where('id', '=', numericId(id)).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      const { id } = await db.insertInto('cms_banners').values(columnsOf(v)).returning('id').executeTakeFirstOrThrow();
      return String(id);
    },
    async update(id, v) {
      await db.updateTable('cms_banners').set(columnsOf(v)).where('id', '=', Number(id)).execute();
    },
    async remove(id) {
      await db.deleteFrom('cms_banners').where('id', '=', Number(id)).execute();
    },
  };
}

export interface FriendLinkValues {
  name: string;
  url: string;
  logo?: string;
  sort: number;
}

/** Partner logo links of the about page. */
export function createFriendLinksAdminRepo(db: Db): ResourceRepo<FriendLinkRow, { keyword?: string }, FriendLinkValues, FriendLinkValues> {
  const filtered = (f: { keyword?: string }) =>
    f.keyword ? db.selectFrom('cms_friend_links').where(contains('name', f.keyword)) : db.selectFrom('cms_friend_links');
  const toRow = (r: { id: number; name: string; url: string; logo: string; sort: number }): FriendLinkRow => ({ ...r, id: String(r.id) });
  return {
    async page(f, pageNo, pageSize) {
      const { limit, offset } = pageOf(pageNo, pageSize);
      const [rows, total] = await Promise.all([
        filtered(f).selectAll().orderBy('sort').orderBy('id').limit(limit).offset(offset).execute(),
        filtered(f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      ]);
      return { rows: rows.map(toRow), total };
    },
    async get(id) {
      const row = await db.selectFrom('cms_friend_links').selectAll().where('id', '=', numericId(id)).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      const { id } = await db
        .insertInto('cms_friend_links')
        .values({ ...v, logo: v.logo ?? '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(id);
    },
    async update(id, v) {
      await db
        .updateTable('cms_friend_links')
        .set({ ...v, logo: v.logo ?? '' })
        .where('id', '=', Number(id))
        .execute();
    },
    async remove(id) {
      await db.deleteFrom('cms_friend_links').where('id', '=', Number(id)).execute();
    },
  };
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
  const filtered = (f: { keyword?: string }) =>
    f.keyword ? db.selectFrom('cms_enterprises').where(contains('name', f.keyword)) : db.selectFrom('cms_enterprises');
  const toRow = (r: {
    id: number;
    name: string;
    logo: string;
    main_business: string;
    introduce_html: string;
    sort: number;
    created_at: string;
  }): EnterpriseRow => ({
    id: String(r.id),
    name: r.name,
    logo: r.logo,
    mainBusiness: r.main_business,
    html: r.introduce_html,
    sort: r.sort,
    createdAt: r.created_at,
  });
  const columnsOf = (v: EnterpriseValues) => ({
    name: v.name,
    logo: v.logo ?? '',
    main_business: v.mainBusiness ?? '',
    introduce_html: v.html,
    sort: v.sort,
  });
  return {
    async page(f, pageNo, pageSize) {
      const { limit, offset } = pageOf(pageNo, pageSize);
      const [rows, total] = await Promise.all([
        filtered(f).selectAll().orderBy('sort').orderBy('id').limit(limit).offset(offset).execute(),
        filtered(f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      ]);
      return { rows: rows.map(toRow), total };
    },
    async get(id) {
      const row = await db.selectFrom('cms_enterprises').selectAll().where('id', '=', numericId(id)).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      const { id } = await db
        .insertInto('cms_enterprises')
        .values({ ...columnsOf(v), created_at: now().toISOString() })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(id);
    },
    async update(id, v) {
      await db.updateTable('cms_enterprises').set(columnsOf(v)).where('id', '=', Number(id)).execute();
    },
    async remove(id) {
      await db.deleteFrom('cms_enterprises').where('id', '=', Number(id)).execute();
    },
  };
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
  const filtered = (f: { keyword?: string }) =>
    f.keyword ? db.selectFrom('cms_price_indices').where(contains('goods_name', f.keyword)) : db.selectFrom('cms_price_indices');
  const toRow = (r: {
    id: number;
    goods_name: string;
    index_value: number;
    index_date: string;
    day_change_bp: number;
    month_change_bp: number;
    year_change_bp: number;
    sort: number;
  }): PriceIndexRow => ({
    id: String(r.id),
    goodsName: r.goods_name,
    priceIndex: r.index_value / 100,
    indexDate: r.index_date,
    dayChange: r.day_change_bp / 100,
    monthChange: r.month_change_bp / 100,
    yearChange: r.year_change_bp / 100,
    sort: r.sort,
  });
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
  return {
    async page(f, pageNo, pageSize) {
      const { limit, offset } = pageOf(pageNo, pageSize);
      const [rows, total] = await Promise.all([
        filtered(f).selectAll().orderBy('index_date', 'desc').orderBy('sort').orderBy('id').limit(limit).offset(offset).execute(),
        filtered(f)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      ]);
      return { rows: rows.map(toRow), total };
    },
    async get(id) {
      const row = await db.selectFrom('cms_price_indices').selectAll().where('id', '=', numericId(id)).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      const { id } = await db.insertInto('cms_price_indices').values(columnsOf(v)).returning('id').executeTakeFirstOrThrow();
      return String(id);
    },
    async update(id, v) {
      await db.updateTable('cms_price_indices').set(columnsOf(v)).where('id', '=', Number(id)).execute();
    },
    async remove(id) {
      await db.deleteFrom('cms_price_indices').where('id', '=', Number(id)).execute();
    },
  };
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
  const toRow = (r: {
    id: number;
    kind: string;
    title: string;
    body: string;
    sort: number;
    enabled: number;
    updated_at: string;
  }): AgreementRow => ({
    id: String(r.id),
    kind: r.kind,
    title: r.title,
    body: r.body,
    sort: r.sort,
    enabled: r.enabled === 1,
    updatedAt: r.updated_at,
  });
  const columnsOf = (v: AgreementValues) => ({ kind: v.kind, title: v.title, body: v.body, sort: v.sort, enabled: v.enabled ? 1 : 0 });
  return {
    async page(_f, pageNo, pageSize) {
      const { limit, offset } = pageOf(pageNo, pageSize);
      const [rows, total] = await Promise.all([
        db.selectFrom('agreements').selectAll().orderBy('sort').orderBy('id').limit(limit).offset(offset).execute(),
        db
          .selectFrom('agreements')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      ]);
      return { rows: rows.map(toRow), total };
    },
    async get(id) {
      const row = await db.selectFrom('agreements').selectAll().where('id', '=', numericId(id)).executeTakeFirst();
      return row ? toRow(row) : undefined;
    },
    async insert(v) {
      const at = now().toISOString();
      const { id } = await db
        .insertInto('agreements')
        .values({ ...columnsOf(v), created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(id);
    },
    async update(id, v) {
      await db
        .updateTable('agreements')
        .set({ ...columnsOf(v), updated_at: now().toISOString() })
        .where('id', '=', Number(id))
        .execute();
    },
    async remove(id) {
      await db.deleteFrom('agreements').where('id', '=', Number(id)).execute();
    },
  };
}
