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
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { createResourceService, fieldError, type Actor } from '../../platform/resource';
import { type CmsService, createCmsRepo, PAGE_CODES, plainText, safeUrl, sanitizeRichText } from '../cms';
import { createOplogRepo } from '../oplog';
import { createArticlesAdminRepo, createNewsTypesAdminRepo, newsTypeExists, type ArticleValues } from './articles.repo';
import {
  createAgreementsAdminRepo,
  createBannersAdminRepo,
  createEnterprisesAdminRepo,
  createFriendLinksAdminRepo,
  createPriceIndicesAdminRepo,
} from './site.repo';
import { createMarketsAdminRepo, createRecommendedShopsRepo, createTradingLookups, createVarietiesAdminRepo } from './trading-data.repo';

interface ContentDeps {
  db: Db;
  cms: CmsService;
  now: () => Date;
}

/**
 * The portal's content and trading reference data in the back office. Every rich-text field passes
 * the portal's sanitiser and every address safeUrl before it is stored, whoever sent it.
 */
export function createContentAdminServices({ db, cms, now }: ContentDeps) {
  const service = createResourceService;

  const newsTypes = service(newsTypesResource, {
    db,
    now,
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
  const articlesBase = service(articlesResource, {
    db,
    now,
    repo: (trx) => createArticlesAdminRepo(trx, now),
    rules: { beforeCreate: articleRules, beforeUpdate: (_before, values, trx) => articleRules(values, trx) },
  });
  const cleanArticle = (v: ArticleValues): ArticleValues => {
    const html = sanitizeRichText(v.html);
    return { ...v, html, title: v.title.trim(), remark: v.remark?.trim() || plainText(html), coverUrl: safeUrl(v.coverUrl ?? '') };
  };
  const articles = {
    ...articlesBase,
    create: (v: ArticleValues, actor: Actor) => articlesBase.create(cleanArticle(v), actor),
    update: (id: string, v: ArticleValues, actor: Actor) => articlesBase.update(id, cleanArticle(v), actor),
  };

  type BannerInput = Parameters<typeof bannersBase.create>[0];
  const bannersBase = service(bannersResource, { db, now, repo: createBannersAdminRepo });
  const cleanBanner = (v: BannerInput) => ({
    ...v,
    imageUrl: safeUrl(v.imageUrl),
    url: safeUrl(v.url ?? ''),
    hyperlink: safeUrl(v.hyperlink ?? ''),
    attachment: v.attachment ?? '',
  });
  const banners = {
    ...bannersBase,
    create: (v: BannerInput, actor: Actor) => bannersBase.create(cleanBanner(v), actor),
    update: (id: string, v: BannerInput, actor: Actor) => bannersBase.update(id, cleanBanner(v), actor),
  };

  type LinkInput = Parameters<typeof linksBase.create>[0];
  const linksBase = service(friendLinksResource, { db, now, repo: createFriendLinksAdminRepo });
  const cleanLink = (v: LinkInput) => ({ ...v, url: safeUrl(v.url), logo: safeUrl(v.logo ?? '') });
  const friendLinks = {
    ...linksBase,
    create: (v: LinkInput, actor: Actor) => linksBase.create(cleanLink(v), actor),
    update: (id: string, v: LinkInput, actor: Actor) => linksBase.update(id, cleanLink(v), actor),
  };

  type EnterpriseInput = Parameters<typeof enterprisesBase.create>[0];
  const enterprisesBase = service(enterprisesResource, { db, now, repo: (trx) => createEnterprisesAdminRepo(trx, now) });
  const cleanEnterprise = (v: EnterpriseInput) => ({
    ...v,
    logo: safeUrl(v.logo ?? ''),
    mainBusiness: v.mainBusiness ?? '',
    html: sanitizeRichText(v.html),
  });
  const enterprises = {
    ...enterprisesBase,
    create: (v: EnterpriseInput, actor: Actor) => enterprisesBase.create(cleanEnterprise(v), actor),
    update: (id: string, v: EnterpriseInput, actor: Actor) => enterprisesBase.update(id, cleanEnterprise(v), actor),
  };

  const priceIndices = service(priceIndicesResource, { db, now, repo: createPriceIndicesAdminRepo });
  const agreements = service(agreementsResource, { db, now, repo: (trx) => createAgreementsAdminRepo(trx, now) });

  const recommendedShops = service(recommendedShopsResource, {
    db,
    now,
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
    now,
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
    now,
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
    pages: createSitePagesService({ db, cms, now }),
  };
}
export type ContentAdminServices = ReturnType<typeof createContentAdminServices>;

/** About-us, the footer and the page config: single documents, saved through the portal's own service. */
function createSitePagesService({ db, cms, now }: ContentDeps) {
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
    const before = await read();
    await write();
    const after = await read();
    await createOplogRepo(db).insert({
      user_id: actor.userId,
      account: actor.account,
      ip: actor.ip,
      resource: 'site-pages',
      action: 'update',
      record_id: code,
      before: before[key],
      after: after[key],
      at: now().toISOString(),
    });
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
