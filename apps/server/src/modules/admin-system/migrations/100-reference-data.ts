import type { Kysely } from 'kysely';
import { applyReferenceData, type MenuDeclaration, type RoleDeclaration } from '../../../db/reference-data';

/**
 * Reference data becomes part of the schema: the roles, permission codes, menu tree, titles and
 * grants that the first release loaded only into an empty database (with the demo data or the
 * initial admin) are declared here, and `reference_applied` remembers what was applied to each row.
 * On a database made by that release the rows already exist and are adopted as they are; on an
 * empty one they are created. Later migrations add reference rows with `applyReferenceData`.
 */
export function referenceData() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('reference_applied')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('applied', 'text', (c) => c.notNull())
        .addColumn('applied_at', 'varchar(32)', (c) => c.notNull())
        .execute();
      await applyReferenceData(db, FIRST_RELEASE_REFERENCE_DATA);
    },
  };
}

/** The two roles of the first release and the permission codes each grants. */
const ROLES: RoleDeclaration[] = [
  {
    code: 'platform_admin',
    name: '平台管理员',
    permissions: [
      'user:view',
      'user:edit',
      'role:edit',
      'menu:edit',
      'session:kickout',
      'content:edit',
      'log:view',
      'portal:view',
      'system:view',
      'tenant:edit',
      'role:view',
      'menu:view',
      'session:view',
      'content:view',
      'file:upload',
    ],
  },
  { code: 'company_user', name: '企业用户', permissions: ['portal:view', 'company:edit', 'file:upload'] },
];

type MenuSeed = Omit<MenuDeclaration, 'titles'>;

const EVERYONE = ['platform_admin', 'company_user'];
const ADMIN = ['platform_admin'];
const COMPANY = ['company_user'];

/** A group node: it has children and no page of its own. */
const group = (id: string, parent: string, name: string, title: string, icon: string, system: string, sort: number): MenuSeed => ({
  id,
  parent_id: parent,
  name,
  title,
  url: '',
  icon,
  menu_type: '',
  system_code: system,
  app_code: system,
  sort,
  keep_alive: 1,
  menu_arg: '',
  roles: EVERYONE,
});

/** A leaf: a page of this app, or (menu_type iframe) a portal page in an embedded frame. */
const leaf = (
  id: string,
  parent: string,
  name: string,
  title: string,
  url: string,
  icon: string,
  system: string,
  sort: number,
  extra: Partial<MenuSeed> = {},
): MenuSeed => ({ ...group(id, parent, name, title, icon, system, sort), url, ...extra });

/**
 * The menu tree of the first release. Top-level menus hang under MENUS_ROOT_NAME ('root'). Every
 * leaf opens a page that exists: the workbench, the personal pages, and the public portal's pages in frames.
 */
const MENUS: MenuSeed[] = [
  group('workbench', 'root', 'workbench', '工作台', 'DesktopOutlined', 'omc', 1),
  leaf('workbench-home', 'workbench', 'mainIndex', '首页概览', '/mainIndex', 'DashboardOutlined', 'omc', 1),

  group('trade', 'root', 'trade', '交易门户', 'ShopOutlined', 'portal', 2),
  leaf('trade-portal-home', 'trade', 'portalIndex', '门户首页', '/index', 'GlobalOutlined', 'portal', 1, { menu_type: 'iframe' }),
  group('trade-market', 'trade', 'tradeMarket', '交易大厅', 'AppstoreOutlined', 'portal', 2),
  leaf('trade-listing', 'trade-market', 'onListing', '挂牌商城', '/onListing', 'ShoppingCartOutlined', 'portal', 1, {
    menu_type: 'iframe',
  }),
  leaf('trade-auction', 'trade-market', 'auctionCenter', '竞价中心', '/auctionCenter', 'ThunderboltOutlined', 'portal', 2, {
    menu_type: 'iframe',
  }),
  leaf('trade-tender', 'trade-market', 'biddingTender', '招标大厅', '/biddingTender', 'AuditOutlined', 'portal', 3, {
    menu_type: 'iframe',
  }),
  leaf('trade-finance', 'trade', 'finance', '金融服务', '/finance', 'BankOutlined', 'portal', 3, { menu_type: 'iframe' }),
  group('trade-info', 'trade', 'tradeInfo', '资讯服务', 'ReadOutlined', 'portal', 4),
  leaf('trade-news', 'trade-info', 'newsList', '新闻资讯', '/newsList', 'FileTextOutlined', 'portal', 1, { menu_type: 'iframe' }),
  leaf('trade-help', 'trade-info', 'help', '帮助中心', '/help', 'QuestionCircleOutlined', 'portal', 2, { menu_type: 'iframe' }),

  group('personal', 'root', 'personal', '个人中心', 'UserOutlined', 'omc', 3),
  leaf('personal-info', 'personal', 'personalInfo', '个人信息', '/profile/info', 'IdcardOutlined', 'omc', 1),
  // A password form should start empty each time it is opened.
  leaf('personal-password', 'personal', 'changePassword', '修改密码', '/profile/password', 'KeyOutlined', 'omc', 2, {
    keep_alive: 0,
  }),
  leaf('personal-favorites', 'personal', 'favorites', '我的收藏', '/profile/favorites', 'StarOutlined', 'omc', 3, {
    menu_arg: '{"groupBy":"system"}',
  }),

  // Company centre: a company user's own company and, as a tenderer, its supplier list.
  { ...group('company', 'root', 'company', '企业中心', 'SolutionOutlined', 'omc', 4), roles: COMPANY },
  leaf('company-profile', 'company', 'companyProfile', '企业资料', '/company/profile', 'ProfileOutlined', 'omc', 1, { roles: COMPANY }),
  leaf('company-suppliers', 'company', 'supplierList', '供应商管理', '/company/suppliers', 'TeamOutlined', 'omc', 2, { roles: COMPANY }),

  // System management: operators only. The users leaf is named userManagement: the top bar's action opens it.
  { ...group('system', 'root', 'system', '系统管理', 'SettingOutlined', 'omc', 9), roles: ADMIN },
  leaf('system-users', 'system', 'userManagement', '用户管理', '/admin/users', 'TeamOutlined', 'omc', 1, { roles: ADMIN }),
  leaf('system-roles', 'system', 'roleManagement', '角色管理', '/admin/roles', 'SafetyOutlined', 'omc', 2, { roles: ADMIN }),
  leaf('system-menus', 'system', 'menuManagement', '菜单管理', '/admin/menus', 'MenuOutlined', 'omc', 3, { roles: ADMIN }),
  leaf('system-tenants', 'system', 'tenantManagement', '租户管理', '/admin/tenants', 'ApartmentOutlined', 'omc', 4, { roles: ADMIN }),
  leaf('system-sessions', 'system', 'onlineSessions', '在线用户', '/admin/sessions', 'WifiOutlined', 'omc', 5, { roles: ADMIN }),
  leaf('system-login-log', 'system', 'loginLog', '登录日志', '/admin/login-log', 'LoginOutlined', 'omc', 6, { roles: ADMIN }),
  leaf('system-operation-log', 'system', 'operationLog', '操作日志', '/admin/operation-log', 'FileSearchOutlined', 'omc', 7, {
    roles: ADMIN,
  }),

  // Content management: what the portal shows, and its trading reference data. Operators only.
  { ...group('content', 'root', 'content', '内容管理', 'ProfileOutlined', 'cms', 8), roles: ADMIN },
  { ...group('content-site', 'content', 'contentSite', '站点内容', 'FileTextOutlined', 'cms', 1), roles: ADMIN },
  leaf('content-articles', 'content-site', 'articleManagement', '新闻资讯', '/admin/articles', 'FileTextOutlined', 'cms', 1, {
    roles: ADMIN,
  }),
  leaf('content-notices', 'content-site', 'noticeManagement', '公告管理', '/admin/notices', 'NotificationOutlined', 'cms', 2, {
    roles: ADMIN,
  }),
  leaf('content-help', 'content-site', 'helpManagement', '帮助文章', '/admin/help-articles', 'QuestionCircleOutlined', 'cms', 3, {
    roles: ADMIN,
  }),
  leaf('content-news-types', 'content-site', 'newsTypeManagement', '资讯栏目', '/admin/news-types', 'BookOutlined', 'cms', 4, {
    roles: ADMIN,
  }),
  leaf('content-banners', 'content-site', 'bannerManagement', '轮播图', '/admin/banners', 'PictureOutlined', 'cms', 5, { roles: ADMIN }),
  leaf('content-friend-links', 'content-site', 'friendLinkManagement', '友情链接', '/admin/friend-links', 'LinkOutlined', 'cms', 6, {
    roles: ADMIN,
  }),
  leaf('content-site-pages', 'content-site', 'sitePages', '关于我们与站点设置', '/admin/site-pages', 'LayoutOutlined', 'cms', 7, {
    roles: ADMIN,
  }),
  leaf('content-agreements', 'content-site', 'agreementManagement', '注册协议', '/admin/agreements', 'FileProtectOutlined', 'cms', 8, {
    roles: ADMIN,
  }),
  { ...group('content-data', 'content', 'portalData', '门户数据', 'ClusterOutlined', 'cms', 2), roles: ADMIN },
  leaf('data-enterprises', 'content-data', 'enterpriseManagement', '会员企业', '/admin/enterprises', 'SolutionOutlined', 'cms', 1, {
    roles: ADMIN,
  }),
  leaf('data-price-indices', 'content-data', 'priceIndexManagement', '价格指数', '/admin/price-indices', 'FundOutlined', 'cms', 2, {
    roles: ADMIN,
  }),
  leaf('data-shops', 'content-data', 'recommendedShops', '推荐店铺', '/admin/recommended-shops', 'ShopOutlined', 'cms', 3, {
    roles: ADMIN,
  }),
  leaf('data-varieties', 'content-data', 'varietyManagement', '品种树', '/admin/varieties', 'BranchesOutlined', 'cms', 4, { roles: ADMIN }),
  leaf('data-markets', 'content-data', 'marketManagement', '市场与币种', '/admin/markets', 'DollarOutlined', 'cms', 5, { roles: ADMIN }),
];

/** Their titles in the other interface languages. */
const TITLES: Record<string, { 'en-US': string; 'zh-TW': string }> = {
  workbench: { 'en-US': 'Workbench', 'zh-TW': '工作台' },
  'workbench-home': { 'en-US': 'Overview', 'zh-TW': '首頁概覽' },
  trade: { 'en-US': 'Trading portal', 'zh-TW': '交易門戶' },
  'trade-portal-home': { 'en-US': 'Portal home', 'zh-TW': '門戶首頁' },
  'trade-market': { 'en-US': 'Trading hall', 'zh-TW': '交易大廳' },
  'trade-listing': { 'en-US': 'Listing market', 'zh-TW': '掛牌商城' },
  'trade-auction': { 'en-US': 'Auction centre', 'zh-TW': '競價中心' },
  'trade-tender': { 'en-US': 'Tender hall', 'zh-TW': '招標大廳' },
  'trade-finance': { 'en-US': 'Financial services', 'zh-TW': '金融服務' },
  'trade-info': { 'en-US': 'Information', 'zh-TW': '資訊服務' },
  'trade-news': { 'en-US': 'News', 'zh-TW': '新聞資訊' },
  'trade-help': { 'en-US': 'Help centre', 'zh-TW': '幫助中心' },
  personal: { 'en-US': 'My account', 'zh-TW': '個人中心' },
  'personal-info': { 'en-US': 'Personal info', 'zh-TW': '個人資訊' },
  'personal-password': { 'en-US': 'Change password', 'zh-TW': '修改密碼' },
  'personal-favorites': { 'en-US': 'My favourites', 'zh-TW': '我的收藏' },
  company: { 'en-US': 'Company centre', 'zh-TW': '企業中心' },
  'company-profile': { 'en-US': 'Company profile', 'zh-TW': '企業資料' },
  'company-suppliers': { 'en-US': 'Suppliers', 'zh-TW': '供應商管理' },
  system: { 'en-US': 'System', 'zh-TW': '系統管理' },
  'system-users': { 'en-US': 'Users', 'zh-TW': '使用者管理' },
  'system-roles': { 'en-US': 'Roles', 'zh-TW': '角色管理' },
  'system-menus': { 'en-US': 'Menus', 'zh-TW': '選單管理' },
  'system-tenants': { 'en-US': 'Tenants', 'zh-TW': '租戶管理' },
  'system-sessions': { 'en-US': 'Online users', 'zh-TW': '線上使用者' },
  'system-login-log': { 'en-US': 'Sign-in log', 'zh-TW': '登入日誌' },
  'system-operation-log': { 'en-US': 'Operation log', 'zh-TW': '操作日誌' },
  content: { 'en-US': 'Content', 'zh-TW': '內容管理' },
  'content-site': { 'en-US': 'Site content', 'zh-TW': '網站內容' },
  'content-articles': { 'en-US': 'News', 'zh-TW': '新聞資訊' },
  'content-notices': { 'en-US': 'Notices', 'zh-TW': '公告管理' },
  'content-help': { 'en-US': 'Help articles', 'zh-TW': '說明文章' },
  'content-news-types': { 'en-US': 'News columns', 'zh-TW': '資訊欄目' },
  'content-banners': { 'en-US': 'Banners', 'zh-TW': '輪播圖' },
  'content-friend-links': { 'en-US': 'Friend links', 'zh-TW': '友情連結' },
  'content-site-pages': { 'en-US': 'About us & site settings', 'zh-TW': '關於我們與網站設定' },
  'content-agreements': { 'en-US': 'Agreements', 'zh-TW': '註冊協議' },
  'content-data': { 'en-US': 'Portal data', 'zh-TW': '入口網站資料' },
  'data-enterprises': { 'en-US': 'Member enterprises', 'zh-TW': '會員企業' },
  'data-price-indices': { 'en-US': 'Price indices', 'zh-TW': '價格指數' },
  'data-shops': { 'en-US': 'Recommended shops', 'zh-TW': '推薦店鋪' },
  'data-varieties': { 'en-US': 'Variety tree', 'zh-TW': '品種樹' },
  'data-markets': { 'en-US': 'Markets & currencies', 'zh-TW': '市場與幣別' },
};

/** The first release's reference rows as declarations (a test rebuilds that release's database from them). */
export const FIRST_RELEASE_REFERENCE_DATA = {
  roles: ROLES,
  menus: MENUS.map((menu): MenuDeclaration => ({ ...menu, titles: TITLES[menu.id]! })),
};
