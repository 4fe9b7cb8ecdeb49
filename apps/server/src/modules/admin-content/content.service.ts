import {
  agreementsResource,
  articlesResource,
  bannersResource,
  enterprisesResource,
  friendLinksResource,
  marketsResource,
  newsTypesResource,
  priceIndicesResource,
  recommendedShopsResource,
  varietiesResource,
  VARIETY_LEVELS,
  type SitePages,
} from '@portal/contracts/admin-content';
import type { z } from 'zod';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { byActor, createResourceService, fieldError, type Actor } from '../../platform/resource';
import type { Trx, WritePath } from '../../platform/write-path';
import { plainText, safeUrl, sanitizeRichText } from '../../platform/rich-text';
import { PAGE_CODES, type CmsService, type createCmsRepo } from '../cms';
import { newsTypeExists, type ArticleValues, type createArticlesAdminRepo, type createNewsTypesAdminRepo } from './articles.repo';
import type {
  createAgreementsAdminRepo,
  createBannersAdminRepo,
  createEnterprisesAdminRepo,
  createFriendLinksAdminRepo,
  createPriceIndicesAdminRepo,
} from './site.repo';
import type {
  createMarketsAdminRepo,
  createRecommendedShopsRepo,
  createTradingLookups,
  createVarietiesAdminRepo,
} from './trading-data.repo';

type BannerValues = z.output<typeof bannersResource.create>;
type LinkValues = z.output<typeof friendLinksResource.create>;
type EnterpriseValues = z.output<typeof enterprisesResource.create>;

/** A repository over the database or over a write's transaction. */
type RepoOn<Build extends (db: Db, ...rest: never[]) => unknown> = (on: Db | Trx) => ReturnType<Build>;

/** The repositories the content services work on, built by the module's manifest. */
export interface ContentAdminRepos {
  newsTypes: RepoOn<typeof createNewsTypesAdminRepo>;
  articles: RepoOn<typeof createArticlesAdminRepo>;
  banners: RepoOn<typeof createBannersAdminRepo>;
  friendLinks: RepoOn<typeof createFriendLinksAdminRepo>;
  enterprises: RepoOn<typeof createEnterprisesAdminRepo>;
  priceIndices: RepoOn<typeof createPriceIndicesAdminRepo>;
  agreements: RepoOn<typeof createAgreementsAdminRepo>;
  recommendedShops: RepoOn<typeof createRecommendedShopsRepo>;
  varieties: RepoOn<typeof createVarietiesAdminRepo>;
  markets: RepoOn<typeof createMarketsAdminRepo>;
  /** What the trading reference data's rules look up (shops, varieties, markets in use). */
  tradingLookups: RepoOn<typeof createTradingLookups>;
  /** The portal's single documents (about-us, the footer), read over the database. */
  sitePages: ReturnType<typeof createCmsRepo>;
}

interface ContentDeps {
  db: Db;
  writes: WritePath;
  cms: CmsService;
  repos: ContentAdminRepos;
}

/**
 * The portal's content and trading reference data in the back office. Every rich-text field passes
 * the portal's sanitiser and every address safeUrl before it is stored, whoever sent it.
 */
export function createContentAdminServices({ db, writes, cms, repos }: ContentDeps) {
  const service = createResourceService;

  const newsTypes = service(newsTypesResource, {
    db,
    writes,
    repo: repos.newsTypes,
    rules: {
      async beforeCreate(values, trx) {
        if (await newsTypeExists(trx, values.code)) throw new AppError('CODE_EXISTS');
      },
      async beforeRemove(before) {
        if (before.articleCount > 0) throw new AppError('RECORD_IN_USE');
      },
    },
  });

  const articleRules = async (values: ArticleValues, trx: Db) => {
    if (!(await newsTypeExists(trx, values.subType))) throw fieldError('subType', 'invalidValue');
    // Markup that sanitises to nothing (a lone <script>) is no article.
    if (!plainText(values.html) && !/<img\b/i.test(values.html)) throw fieldError('html', 'required');
  };
  const cleanArticle = (v: ArticleValues): ArticleValues => {
    const html = sanitizeRichText(v.html);
    return { ...v, html, title: v.title.trim(), remark: v.remark?.trim() || plainText(html), coverUrl: safeUrl(v.coverUrl ?? '') };
  };
  const articles = service(articlesResource, {
    db,
    writes,
    repo: repos.articles,
    rules: { beforeCreate: articleRules, beforeUpdate: (_before, values, trx) => articleRules(values, trx) },
    clean: { create: cleanArticle, update: cleanArticle },
  });

  const cleanBanner = <V extends BannerValues>(v: V): V => ({
    ...v,
    imageUrl: safeUrl(v.imageUrl),
    url: safeUrl(v.url ?? ''),
    hyperlink: safeUrl(v.hyperlink ?? ''),
    attachment: v.attachment ?? '',
  });
  const banners = service(bannersResource, {
    db,
    writes,
    repo: repos.banners,
    clean: { create: cleanBanner, update: cleanBanner },
  });

  const cleanLink = <V extends LinkValues>(v: V): V => ({ ...v, url: safeUrl(v.url), logo: safeUrl(v.logo ?? '') });
  const friendLinks = service(friendLinksResource, {
    db,
    writes,
    repo: repos.friendLinks,
    clean: { create: cleanLink, update: cleanLink },
  });

  const cleanEnterprise = <V extends EnterpriseValues>(v: V): V => ({
    ...v,
    logo: safeUrl(v.logo ?? ''),
    mainBusiness: v.mainBusiness ?? '',
    html: sanitizeRichText(v.html),
  });
  const enterprises = service(enterprisesResource, {
    db,
    writes,
    repo: repos.enterprises,
    clean: { create: cleanEnterprise, update: cleanEnterprise },
  });

  const priceIndices = service(priceIndicesResource, { db, writes, repo: repos.priceIndices });
  const agreements = service(agreementsResource, { db, writes, repo: repos.agreements });

  const recommendedShops = service(recommendedShopsResource, {
    db,
    writes,
    repo: repos.recommendedShops,
    rules: {
      async beforeCreate(values, trx) {
        const shop = await repos.tradingLookups(trx).shop(values.shopId);
        if (!shop) throw fieldError('shopId', 'invalidValue');
        if (shop.recommended === 1) throw new AppError('RECORD_EXISTS');
      },
    },
  });

  const varieties = service(varietiesResource, {
    db,
    writes,
    repo: repos.varieties,
    rules: {
      async beforeCreate(values, trx) {
        const lookups = repos.tradingLookups(trx);
        if (await lookups.variety(values.code)) throw new AppError('CODE_EXISTS');
        if (values.parCode) {
          const parent = await lookups.variety(values.parCode);
          // The tree has three levels: a leaf (level 3) takes no children.
          if (!parent || parent.level >= VARIETY_LEVELS) throw fieldError('parCode', 'invalidValue');
        }
      },
      async beforeRemove(before, trx) {
        if (before.childCount > 0) throw new AppError('HAS_CHILDREN');
        if (await repos.tradingLookups(trx).listingsOfVariety(before.code)) throw new AppError('RECORD_IN_USE');
      },
    },
  });

  const markets = service(marketsResource, {
    db,
    writes,
    repo: repos.markets,
    rules: {
      async beforeCreate(values, trx) {
        if (await repos.tradingLookups(trx).marketExists(values.marketId)) throw new AppError('CODE_EXISTS');
      },
      async beforeRemove(before, trx) {
        if (await repos.tradingLookups(trx).listingsOfMarket(before.marketId)) throw new AppError('RECORD_IN_USE');
      },
    },
  });

  return {
    newsTypes,
    articles,
    banners,
    friendLinks,
    enterprises,
    priceIndices,
    agreements,
    recommendedShops,
    varieties,
    markets,
    shopOptions: () => repos.tradingLookups(db).shopOptions(),
    pages: createSitePagesService({ writes, cms, pages: repos.sitePages }),
  };
}
export type ContentAdminServices = ReturnType<typeof createContentAdminServices>;

/** About-us, the footer and the page config: single documents, saved through the portal's own service. */
function createSitePagesService({ writes, cms, pages }: { writes: WritePath; cms: CmsService; pages: ContentAdminRepos['sitePages'] }) {
  async function read(): Promise<SitePages> {
    const [about, footer, config] = await Promise.all([
      pages.findPage(PAGE_CODES.aboutUs),
      pages.findPage(PAGE_CODES.footer),
      cms.pageConfig(),
    ]);
    return {
      aboutUs: { html: about?.content ?? '', logoImageUrl: about?.image_url ?? '' },
      footer: { html: footer?.content ?? '' },
      pageConfig: {
        siteName: config.siteName,
        menuLogo: config.pageLogo.menuLogo,
        copyright: config.copyright,
        icp: config.icp,
        servicePhone: config.servicePhone,
        serviceEmail: config.serviceEmail,
      },
    };
  }
  /** Saves one document and logs it with the document before and after. */
  async function save<K extends keyof SitePages>(key: K, code: string, write: () => Promise<void>, actor: Actor): Promise<SitePages> {
    // The portal's own service saves the document on its own connection, so it is read and saved
    // first; the write path then records the change.
    const before = await read();
    await write();
    const after = await read();
    await writes.write(
      { ...byActor(actor), action: 'update', target: `site-pages:${code}`, before: before[key] },
      async (_trx, _emit, log) => {
        log.after = after[key];
      },
    );
    return after;
  }
  return {
    read,
    saveAboutUs: (v: { html: string; logoImageUrl?: string }, actor: Actor) =>
      save('aboutUs', PAGE_CODES.aboutUs, () => cms.saveAboutUs({ html: v.html, logoImageUrl: v.logoImageUrl ?? '' }), actor),
    saveFooter: (v: { html: string }, actor: Actor) => save('footer', PAGE_CODES.footer, () => cms.saveFooter(v.html), actor),
    savePageConfig: (
      v: { siteName: string; menuLogo?: string; copyright?: string; icp?: string; servicePhone?: string; serviceEmail?: string },
      actor: Actor,
    ) =>
      save(
        'pageConfig',
        PAGE_CODES.pageConfig,
        () =>
          cms.savePageConfig({
            siteName: v.siteName,
            pageLogo: { menuLogo: v.menuLogo ?? '' },
            copyright: v.copyright ?? '',
            icp: v.icp ?? '',
            servicePhone: v.servicePhone ?? '',
            serviceEmail: v.serviceEmail ?? '',
          }),
        actor,
      ),
  };
}
