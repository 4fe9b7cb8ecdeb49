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
import type { WritePath } from '../../platform/write-path';
import { createCmsRepo, PAGE_CODES, plainText, safeUrl, sanitizeRichText, type CmsService } from '../cms';
import { createArticlesAdminRepo, createNewsTypesAdminRepo, newsTypeExists, type ArticleValues } from './articles.repo';
import {
  createAgreementsAdminRepo,
  createBannersAdminRepo,
  createEnterprisesAdminRepo,
  createFriendLinksAdminRepo,
  createPriceIndicesAdminRepo,
} from './site.repo';
import { createMarketsAdminRepo, createRecommendedShopsRepo, createTradingLookups, createVarietiesAdminRepo } from './trading-data.repo';

type BannerValues = z.output<typeof bannersResource.create>;
type LinkValues = z.output<typeof friendLinksResource.create>;
type EnterpriseValues = z.output<typeof enterprisesResource.create>;

interface ContentDeps {
  db: Db;
  writes: WritePath;
  cms: CmsService;
  now: () => Date;
}

/**
 * The portal's content and trading reference data in the back office. Every rich-text field passes
 * the portal's sanitiser and every address safeUrl before it is stored, whoever sent it.
 */
export function createContentAdminServices({ db, writes, cms, now }: ContentDeps) {
  const service = createResourceService;

  const newsTypes = service(newsTypesResource, {
    db,
    writes,
    repo: createNewsTypesAdminRepo,
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
    repo: (trx) => createArticlesAdminRepo(trx, now),
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
    repo: createBannersAdminRepo,
    clean: { create: cleanBanner, update: cleanBanner },
  });

  const cleanLink = <V extends LinkValues>(v: V): V => ({ ...v, url: safeUrl(v.url), logo: safeUrl(v.logo ?? '') });
  const friendLinks = service(friendLinksResource, {
    db,
    writes,
    repo: createFriendLinksAdminRepo,
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
    repo: (trx) => createEnterprisesAdminRepo(trx, now),
    clean: { create: cleanEnterprise, update: cleanEnterprise },
  });

  const priceIndices = service(priceIndicesResource, { db, writes, repo: createPriceIndicesAdminRepo });
  const agreements = service(agreementsResource, { db, writes, repo: (trx) => createAgreementsAdminRepo(trx, now) });

  const recommendedShops = service(recommendedShopsResource, {
    db,
    writes,
    repo: createRecommendedShopsRepo,
    rules: {
      async beforeCreate(values, trx) {
        const shop = await createTradingLookups(trx).shop(values.shopId);
        if (!shop) throw fieldError('shopId', 'invalidValue');
        if (shop.recommended === 1) throw new AppError('RECORD_EXISTS');
      },
    },
  });

  const varieties = service(varietiesResource, {
    db,
    writes,
    repo: createVarietiesAdminRepo,
    rules: {
      async beforeCreate(values, trx) {
        const lookups = createTradingLookups(trx);
        if (await lookups.variety(values.code)) throw new AppError('CODE_EXISTS');
        if (values.parCode) {
          const parent = await lookups.variety(values.parCode);
          // The tree has three levels: a leaf (level 3) takes no children.
          if (!parent || parent.level >= VARIETY_LEVELS) throw fieldError('parCode', 'invalidValue');
        }
      },
      async beforeRemove(before, trx) {
        if (before.childCount > 0) throw new AppError('HAS_CHILDREN');
        if (await createTradingLookups(trx).listingsOfVariety(before.code)) throw new AppError('RECORD_IN_USE');
      },
    },
  });

  const markets = service(marketsResource, {
    db,
    writes,
    repo: createMarketsAdminRepo,
    rules: {
      async beforeCreate(values, trx) {
        if (await createTradingLookups(trx).marketExists(values.marketId)) throw new AppError('CODE_EXISTS');
      },
      async beforeRemove(before, trx) {
        if (await createTradingLookups(trx).listingsOfMarket(before.marketId)) throw new AppError('RECORD_IN_USE');
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
    shopOptions: () => createTradingLookups(db).shopOptions(),
    pages: createSitePagesService({ db, writes, cms, now }),
  };
}
export type ContentAdminServices = ReturnType<typeof createContentAdminServices>;

/** About-us, the footer and the page config: single documents, saved through the portal's own service. */
function createSitePagesService({ db, writes, cms }: ContentDeps) {
  async function read(): Promise<SitePages> {
    const repo = createCmsRepo(db);
    const [about, footer, config] = await Promise.all([
      repo.findPage(PAGE_CODES.aboutUs),
      repo.findPage(PAGE_CODES.footer),
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
