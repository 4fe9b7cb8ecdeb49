import { createHash } from 'node:crypto';
import { sql, type Insertable, type Transaction } from 'kysely';
import { createFilesRepo } from '../modules/files';
import { fillAuctionOwners } from '../db/auction-owners';
import { fillListingOwners } from '../db/listing-owners';
import type { Database, ListingTable } from '../db/schema';
import type { DemoContext } from './index';
import { productPicture, shopLogo } from './trading-pictures';

/** A leaf of the variety tree with what the demo listings need to look real. */
export interface VarietyLeaf {
  code: string;
  name: string;
  /** Typical price in yuan per unit (CNY). */
  price: number;
  unit: string;
  /** Typical listed quantity range in units. */
  quantity: [number, number];
  specs: [string, string][];
}
interface VarietyBranch {
  code: string;
  name: string;
  leaves: VarietyLeaf[];
}
interface VarietyRoot {
  code: string;
  name: string;
  branches: VarietyBranch[];
}

const coalSpecs = (kcal: number, sulphur: string, ash: string): [string, string][] => [
  ['低位发热量', `${kcal} kcal/kg`],
  ['全硫', `≤${sulphur}%`],
  ['灰分', `≤${ash}%`],
  ['全水', '≤12%'],
];
const purity = (value: string, water: string): [string, string][] => [
  ['纯度', `≥${value}%`],
  ['水分', `≤${water}%`],
];
const npk = (formula: string, chlorine: string): [string, string][] => [
  ['养分配比 N-P₂O₅-K₂O', formula],
  ['总养分', `≥${formula.split('-').reduce((s, n) => s + Number(n), 0)}%`],
  ['氯离子', chlorine],
];

/** The 3-level variety tree (category, variety, grade) the demo listings use. */
export const VARIETY_TREE: VarietyRoot[] = [
  {
    code: 'COAL',
    name: '煤炭',
    branches: [
      {
        code: 'COAL-STEAM',
        name: '动力煤',
        leaves: [
          { code: 'COAL-STEAM-5500', name: 'Q5500', price: 860, unit: '吨', quantity: [3000, 60000], specs: coalSpecs(5500, '0.8', '18') },
          { code: 'COAL-STEAM-5000', name: 'Q5000', price: 760, unit: '吨', quantity: [3000, 60000], specs: coalSpecs(5000, '1.0', '22') },
          { code: 'COAL-STEAM-4500', name: 'Q4500', price: 640, unit: '吨', quantity: [3000, 50000], specs: coalSpecs(4500, '1.2', '25') },
        ],
      },
      {
        code: 'COAL-COKING',
        name: '炼焦煤',
        leaves: [
          {
            code: 'COAL-COKING-MAIN',
            name: '主焦煤',
            price: 1820,
            unit: '吨',
            quantity: [2000, 30000],
            specs: coalSpecs(6800, '0.6', '10'),
          },
          {
            code: 'COAL-COKING-THIRD',
            name: '1/3焦煤',
            price: 1520,
            unit: '吨',
            quantity: [2000, 30000],
            specs: coalSpecs(6600, '0.7', '10.5'),
          },
          { code: 'COAL-COKING-FAT', name: '肥煤', price: 1660, unit: '吨', quantity: [2000, 20000], specs: coalSpecs(6700, '1.0', '11') },
        ],
      },
      {
        code: 'COAL-ANTH',
        name: '无烟煤',
        leaves: [
          { code: 'COAL-ANTH-LUMP', name: '洗中块', price: 1320, unit: '吨', quantity: [1000, 20000], specs: coalSpecs(7000, '0.5', '12') },
          { code: 'COAL-ANTH-PCI', name: '喷吹煤', price: 1100, unit: '吨', quantity: [1000, 20000], specs: coalSpecs(6900, '0.5', '11') },
          { code: 'COAL-ANTH-FINE', name: '末煤', price: 950, unit: '吨', quantity: [1000, 30000], specs: coalSpecs(6200, '0.6', '16') },
        ],
      },
    ],
  },
  {
    code: 'UREA',
    name: '尿素',
    branches: [
      {
        code: 'UREA-AGRI',
        name: '农业尿素',
        leaves: [
          {
            code: 'UREA-AGRI-SMALL',
            name: '小颗粒',
            price: 2210,
            unit: '吨',
            quantity: [200, 8000],
            specs: [
              ['总氮', '≥46.4%'],
              ['缩二脲', '≤0.9%'],
              ['粒度 0.85-2.80mm', '≥93%'],
            ],
          },
          {
            code: 'UREA-AGRI-LARGE',
            name: '大颗粒',
            price: 2290,
            unit: '吨',
            quantity: [200, 8000],
            specs: [
              ['总氮', '≥46.4%'],
              ['缩二脲', '≤0.9%'],
              ['粒度 2.00-4.75mm', '≥93%'],
            ],
          },
        ],
      },
      {
        code: 'UREA-IND',
        name: '工业尿素',
        leaves: [
          {
            code: 'UREA-IND-PREMIUM',
            name: '优等品',
            price: 2360,
            unit: '吨',
            quantity: [100, 5000],
            specs: [
              ['总氮', '≥46.4%'],
              ['缩二脲', '≤0.5%'],
              ['铁含量', '≤0.0005%'],
            ],
          },
          {
            code: 'UREA-IND-FIRST',
            name: '一等品',
            price: 2300,
            unit: '吨',
            quantity: [100, 5000],
            specs: [
              ['总氮', '≥46.2%'],
              ['缩二脲', '≤0.9%'],
            ],
          },
        ],
      },
    ],
  },
  {
    code: 'METH',
    name: '甲醇',
    branches: [
      {
        code: 'METH-REFINED',
        name: '精甲醇',
        leaves: [
          { code: 'METH-REFINED-AA', name: 'AA级', price: 2520, unit: '吨', quantity: [300, 10000], specs: purity('99.95', '0.05') },
          { code: 'METH-REFINED-SUPER', name: '优等品', price: 2460, unit: '吨', quantity: [300, 10000], specs: purity('99.90', '0.10') },
        ],
      },
      {
        code: 'METH-CRUDE',
        name: '粗甲醇',
        leaves: [{ code: 'METH-CRUDE-STD', name: '粗甲醇', price: 1880, unit: '吨', quantity: [300, 8000], specs: purity('92.0', '8.0') }],
      },
    ],
  },
  {
    code: 'NH3',
    name: '液氨',
    branches: [
      {
        code: 'NH3-IND',
        name: '工业液氨',
        leaves: [
          { code: 'NH3-IND-999', name: '优等品 99.9%', price: 3050, unit: '吨', quantity: [100, 3000], specs: purity('99.9', '0.1') },
          { code: 'NH3-IND-998', name: '一等品 99.8%', price: 2980, unit: '吨', quantity: [100, 3000], specs: purity('99.8', '0.2') },
        ],
      },
      {
        code: 'NH3-AGRI',
        name: '农用液氨',
        leaves: [
          { code: 'NH3-AGRI-996', name: '合格品 99.6%', price: 2820, unit: '吨', quantity: [100, 3000], specs: purity('99.6', '0.4') },
        ],
      },
    ],
  },
  {
    code: 'NPK',
    name: '复合肥',
    branches: [
      {
        code: 'NPK-SULPHUR',
        name: '硫基复合肥',
        leaves: [
          { code: 'NPK-SULPHUR-15', name: '15-15-15', price: 2920, unit: '吨', quantity: [100, 4000], specs: npk('15-15-15', '≤3.0%') },
          { code: 'NPK-SULPHUR-17', name: '17-17-17', price: 3120, unit: '吨', quantity: [100, 4000], specs: npk('17-17-17', '≤3.0%') },
        ],
      },
      {
        code: 'NPK-CHLORIDE',
        name: '氯基复合肥',
        leaves: [
          { code: 'NPK-CHLORIDE-15', name: '15-15-15', price: 2480, unit: '吨', quantity: [100, 4000], specs: npk('15-15-15', '≤15%') },
          { code: 'NPK-CHLORIDE-16', name: '16-16-16', price: 2600, unit: '吨', quantity: [100, 4000], specs: npk('16-16-16', '≤15%') },
        ],
      },
    ],
  },
  {
    code: 'FCHEM',
    name: '精细化工',
    branches: [
      {
        code: 'FCHEM-ACID',
        name: '有机酸',
        leaves: [
          { code: 'FCHEM-ACID-ACETIC', name: '冰醋酸', price: 3210, unit: '吨', quantity: [50, 2000], specs: purity('99.8', '0.15') },
          { code: 'FCHEM-ACID-FORMIC', name: '甲酸 85%', price: 2950, unit: '吨', quantity: [50, 1500], specs: purity('85.0', '15.0') },
        ],
      },
      {
        code: 'FCHEM-AROM',
        name: '芳烃',
        leaves: [
          { code: 'FCHEM-AROM-PBENZ', name: '石油苯', price: 7480, unit: '吨', quantity: [50, 2000], specs: purity('99.9', '0.05') },
          { code: 'FCHEM-AROM-CBENZ', name: '焦化苯', price: 7150, unit: '吨', quantity: [50, 2000], specs: purity('99.5', '0.1') },
        ],
      },
      {
        code: 'FCHEM-ALC',
        name: '醇类',
        leaves: [
          { code: 'FCHEM-ALC-MEG', name: '乙二醇（聚酯级）', price: 4320, unit: '吨', quantity: [50, 3000], specs: purity('99.9', '0.08') },
          { code: 'FCHEM-ALC-IPA', name: '异丙醇', price: 7020, unit: '吨', quantity: [50, 1500], specs: purity('99.9', '0.1') },
        ],
      },
    ],
  },
];

/** Every leaf with its ancestors' codes and names. */
export function varietyLeaves() {
  return VARIETY_TREE.flatMap((root) => root.branches.flatMap((branch) => branch.leaves.map((leaf) => ({ root, branch, leaf }))));
}

/** Markets of the listing area; mode 3 is the auction market, not offered by the listing page. */
export const MARKETS = [
  { market_id: 'M01', market_name_zh: '煤炭现货挂牌市场', obj_mode: 1, currency: 'CNY', sort: 1 },
  { market_id: 'M02', market_name_zh: '化肥挂牌市场', obj_mode: 1, currency: 'CNY', sort: 2 },
  { market_id: 'M03', market_name_zh: '化工品挂牌市场', obj_mode: 7, currency: 'CNY', sort: 3 },
  { market_id: 'M04', market_name_zh: '跨境美元挂牌市场', obj_mode: 7, currency: 'USD', sort: 4 },
  { market_id: 'M05', market_name_zh: '香港离岸挂牌市场', obj_mode: 1, currency: 'HKD', sort: 5 },
  { market_id: 'M09', market_name_zh: '竞价拍卖市场', obj_mode: 3, currency: 'CNY', sort: 9 },
];
/** Rough exchange rates from CNY for the demo prices of the USD and HKD markets. */
const CNY_PER = { CNY: 1, USD: 7.2, HKD: 0.92 } as Record<string, number>;

/** The demo companies besides the demo accounts (shops and tenderers). */
const COMPANIES = [
  {
    account: 'demo_mengtai',
    name: '鄂尔多斯蒙泰煤业有限公司',
    contact: '赵强',
    region: '内蒙古鄂尔多斯',
    roots: ['COAL'],
    business: '动力煤、无烟煤生产与销售',
    colour: '#37474f',
  },
  {
    account: 'demo_lurun',
    name: '山东鲁润化肥有限公司',
    contact: '孙丽',
    region: '山东临沂',
    roots: ['UREA', 'NPK'],
    business: '尿素、复合肥生产与销售',
    colour: '#2e7d32',
  },
  {
    account: 'demo_baoting',
    name: '宁夏宝廷甲醇化工有限公司',
    contact: '马俊',
    region: '宁夏宁东',
    roots: ['METH', 'NH3'],
    business: '甲醇、液氨生产与销售',
    colour: '#00838f',
  },
  {
    account: 'demo_runfeng',
    name: '江苏润丰精细化工有限公司',
    contact: '周敏',
    region: '江苏南京',
    roots: ['FCHEM'],
    business: '醋酸、芳烃、醇类精细化学品',
    colour: '#ad1457',
  },
  {
    account: 'demo_huarui',
    name: '香港华瑞国际贸易有限公司',
    contact: '陈家豪',
    region: '中国香港',
    roots: ['COAL', 'METH'],
    business: '进口煤炭及化工品离岸贸易',
    colour: '#6a1b9a',
  },
  {
    account: 'demo_zhongneng',
    name: '浙江中能电力燃料有限公司',
    contact: '吴涛',
    region: '浙江宁波',
    roots: [],
    business: '电煤集中采购',
    colour: '#1565c0',
  },
  {
    account: 'demo_xiangnong',
    name: '湖南农资集团有限公司',
    contact: '刘芳',
    region: '湖南长沙',
    roots: [],
    business: '化肥、农资采购与分销',
    colour: '#ef6c00',
  },
];

const ORIGINS: Record<string, string[]> = {
  COAL: ['山西晋城', '山西长治', '内蒙古鄂尔多斯', '陕西榆林', '新疆哈密'],
  UREA: ['山西晋城', '山东临沂', '河南新乡', '内蒙古鄂尔多斯'],
  METH: ['宁夏宁东', '内蒙古鄂尔多斯', '陕西榆林', '山西晋城'],
  NH3: ['宁夏宁东', '山西晋城', '河北沧州'],
  NPK: ['山东临沂', '湖北宜昌', '河南新乡'],
  FCHEM: ['江苏南京', '山东淄博', '浙江宁波'],
};
const DELIVERY: Record<string, string[]> = {
  COAL: ['秦皇岛港', '曹妃甸港', '黄骅港', '晋城站自提', '榆林站自提'],
  UREA: ['临沂仓库自提', '晋城厂区自提', '连云港港'],
  METH: ['宁东基地罐区', '太仓港罐区', '鄂尔多斯厂区'],
  NH3: ['宁东基地球罐', '沧州厂区球罐'],
  NPK: ['临沂仓库自提', '宜昌港'],
  FCHEM: ['南京港罐区', '张家港罐区', '宁波镇海罐区'],
};

/** A small deterministic generator so the demo data is the same on every load. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const ymd = (ms: number) => iso(ms).slice(0, 10).replace(/-/g, '');

/** File ids carry a digest of the bytes: an id never names other bytes later (decision 031). */
const withDigest = (prefix: string, data: Buffer) => `${prefix}-${createHash('sha256').update(data).digest('base64url').slice(0, 10)}`;

const drawn = new Map<string, { id: string; data: Buffer }>();
/** The demo picture of a variety leaf and its file id. */
export function leafPicture(leafCode: string): { id: string; data: Buffer } {
  let picture = drawn.get(leafCode);
  if (!picture) {
    const { root, branch, leaf } = varietyLeaves().find((l) => l.leaf.code === leafCode)!;
    const data = productPicture(root.code, `${branch.name} ${leaf.name}`, `${root.name} · ${leaf.specs[0]?.join(' ') ?? ''}`);
    picture = { id: withDigest(`trade-pic-${leaf.code.toLowerCase()}`, data), data };
    drawn.set(leafCode, picture);
  }
  return picture;
}
export const pictureId = (leafCode: string) => leafPicture(leafCode).id;

/** The trading area's demo data: varieties, markets, shops, listings, auctions, tenders, relations. */
export async function loadTradingDemo(trx: Transaction<Database>, ctx: DemoContext): Promise<void> {
  const rnd = random(20260401);
  const now = ctx.now.getTime();
  const files = createFilesRepo(trx);

  // Variety tree and pictures
  let sort = 0;
  for (const root of VARIETY_TREE) {
    await trx.insertInto('varieties').values({ code: root.code, par_code: '', short_name: root.name, level: 1, sort: ++sort }).execute();
    for (const branch of root.branches) {
      await trx
        .insertInto('varieties')
        .values({ code: branch.code, par_code: root.code, short_name: branch.name, level: 2, sort: ++sort })
        .execute();
      await trx
        .insertInto('varieties')
        .values(
          branch.leaves.map((leaf) => ({
            code: leaf.code,
            par_code: branch.code,
            short_name: leaf.name,
            level: 3,
            unit: leaf.unit,
            sort: ++sort,
          })),
        )
        .execute();
    }
  }
  const pictures = new Map<string, string>();
  for (const { leaf } of varietyLeaves()) {
    const picture = leafPicture(leaf.code);
    pictures.set(leaf.code, picture.id);
    await files.insert({
      id: picture.id,
      name: `${leaf.code.toLowerCase()}.svg`,
      content_type: 'image/svg+xml',
      data: picture.data,
      created_at: ctx.at,
    });
  }
  await trx.insertInto('markets').values(MARKETS).execute();

  // Companies, their accounts (which cannot sign in) and shops
  const supplierId = ctx.userIds.get('supplier01')!;
  const buyerId = ctx.userIds.get('buyer01')!;
  const companyIds = new Map<string, number>();
  for (const company of COMPANIES) {
    const { id: companyId } = await trx
      .insertInto('companies')
      .values({ name: company.name, created_at: ctx.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id } = await trx
      .insertInto('users')
      .values({
        account: company.account,
        // No scrypt hash: no password ever matches, so these accounts only own demo records.
        password_hash: 'none',
        nick_name: company.name.slice(0, 8),
        real_name: company.contact,
        user_type: 'comp',
        company_id: companyId,
        tenant_id: 'T001',
        created_at: ctx.at,
        updated_at: ctx.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    companyIds.set(company.account, id);
  }
  const shops = [
    {
      account: 'supplier01',
      id: supplierId,
      name: '山西晋煤能源有限公司',
      contact: '张伟',
      region: '山西晋城',
      roots: ['COAL', 'UREA', 'METH', 'NH3'],
      business: '动力煤、炼焦煤、无烟煤及煤化工产品（尿素、甲醇、液氨）',
      colour: '#1668dc',
    },
    ...COMPANIES.filter((c) => c.roots.length > 0).map((c) => ({ ...c, id: companyIds.get(c.account)! })),
  ];
  for (const [index, shop] of shops.entries()) {
    const logo = shopLogo(shop.name.slice(2, 4), shop.colour);
    const logoId = withDigest(`shop-logo-${shop.account}`, logo);
    await files.insert({ id: logoId, name: `${shop.account}.svg`, content_type: 'image/svg+xml', data: logo, created_at: ctx.at });
    await trx
      .insertInto('shops')
      .values({
        user_id: shop.id,
        company_name: shop.name,
        logo_file_id: logoId,
        region: shop.region,
        main_business: shop.business,
        introduction:
          `${shop.name}位于${shop.region}，主营${shop.business}。公司坚持“诚信经营、质量为本”，` +
          '产品质量稳定，物流通道完善，可提供铁路、公路多种运输方式及第三方质检报告。',
        contact_name: shop.contact,
        contact_phone: `0${rnd.int(300, 999)}-${rnd.int(6000000, 8999999)}`,
        recommended: 1,
        recommend_sort: index + 1,
        opened_at: iso(now - (400 + index * 90) * DAY),
      })
      .execute();
  }

  // Listings: most from supplier01, the rest from the other shops, across every leaf and market
  const leaves = varietyLeaves();
  const listings: Insertable<ListingTable>[] = [];
  const skuSets: { goods_sku_name: string; variety_unit: string; specs_json: string }[][] = [];
  const TOTAL = 240;
  let others = 0;
  for (let i = 0; i < TOTAL; i++) {
    const shop = i % 5 < 3 ? shops[0]! : shops[1 + (others++ % (shops.length - 1))]!;
    const candidates = leaves.filter((l) => shop.roots.includes(l.root.code));
    const { root, branch, leaf } = candidates[i % candidates.length]!;
    const market =
      shop.account === 'demo_huarui'
        ? MARKETS[i % 2 === 0 ? 4 : 3]!
        : root.code === 'COAL'
          ? MARKETS[0]!
          : root.code === 'UREA' || root.code === 'NPK'
            ? MARKETS[1]!
            : MARKETS[2]!;
    const price = Math.round((leaf.price / CNY_PER[market.currency]!) * (0.9 + rnd.next() * 0.2) * 100);
    const listed = rnd.int(leaf.quantity[0], leaf.quantity[1]) * 1000;
    const state = i % 23 === 7 ? 2 : i % 37 === 11 ? 3 : 1;
    const surplus = state === 2 ? 0 : Math.round((listed * rnd.int(35, 100)) / 100 / 1000) * 1000;
    const published = now - Math.floor(rnd.next() * 60 * DAY) - i * 60_000;
    const origin = rnd.pick(ORIGINS[root.code]!);
    const start = published + rnd.int(1, 5) * DAY;
    listings.push({
      trade_listing_code: `GP${ymd(published)}${String(1000 + i).padStart(4, '0')}`,
      listing_type: i % 4 === 3 ? 'D' : 'A',
      hold_bs: i % 9 === 4 ? 1 : 2,
      obj_state: state,
      single_price: price,
      currency: market.currency,
      obj_listing_milli: listed,
      surplus_milli: surplus,
      min_milli: Math.min(listed, rnd.pick([10, 50, 100, 200, 500]) * 1000),
      obj_listing_day: rnd.pick([7, 10, 15, 30]),
      obj_period_day: rnd.pick([15, 20, 30, 45, 60]),
      transport_way: rnd.next() < 0.55 ? 'A' : 'B',
      payment_type: rnd.next() < 0.4 ? 1 : 2,
      seller_id: shop.id,
      user_name: shop.name,
      market_code: market.market_id,
      variety_l1: root.code,
      variety_l2: branch.code,
      variety_code: leaf.code,
      variety_name: `${branch.name} ${leaf.name}`,
      pic_file_id: pictures.get(leaf.code)!,
      publish_time: iso(published),
      origin,
      delivery_place: rnd.pick(DELIVERY[root.code]!),
      delivery_start: iso(start).slice(0, 10),
      delivery_end: iso(start + rnd.int(15, 45) * DAY).slice(0, 10),
      remark: rnd.pick([
        '货源稳定，可长期合作，支持第三方检验。',
        '现货充足，款到发货，量大可议。',
        '质量以出厂化验单为准，提货前可现场看货。',
        '',
      ]),
    });
    const skus = [
      {
        goods_sku_name: `${origin} ${branch.name} ${leaf.name}`,
        variety_unit: leaf.unit,
        specs_json: JSON.stringify(leaf.specs.map(([name, value]) => ({ name, value }))),
      },
    ];
    if (i % 6 === 0) {
      const other = branch.leaves.find((l) => l.code !== leaf.code) ?? leaf;
      skus.push({
        goods_sku_name: `${origin} ${branch.name} ${other.name}`,
        variety_unit: other.unit,
        specs_json: JSON.stringify(other.specs.map(([name, value]) => ({ name, value }))),
      });
    }
    skuSets.push(skus);
  }
  const rows = await trx.insertInto('listings').values(listings).returning(['id', 'trade_listing_code']).execute();
  const idByCode = new Map(rows.map((row) => [row.trade_listing_code, row.id]));
  await trx
    .insertInto('listing_skus')
    .values(
      listings.flatMap((listing, index) =>
        skuSets[index]!.map((sku, sortIndex) => ({ ...sku, listing_id: idByCode.get(listing.trade_listing_code)!, sort: sortIndex })),
      ),
    )
    .execute();
  // The market's listings belong to their sellers' companies, as the owners' pages and orders expect.
  await fillListingOwners(trx);

  await loadAuctions(trx, ctx, { supplierId, buyerId, companyIds, rnd });
  // The auction spaces belong to their publishers' companies; their pieces end with their space.
  await fillAuctionOwners(trx);
  await loadTenders(trx, ctx, { buyerId, companyIds, rnd });

  // Supply relations: supplier01 may bid on buyer01's tenders; 中能 buys from 蒙泰 only.
  await trx
    .insertInto('pur_customer_relations')
    .values([
      { buyer_user_id: buyerId, supplier_user_id: supplierId, created_at: ctx.at },
      { buyer_user_id: buyerId, supplier_user_id: companyIds.get('demo_lurun')!, created_at: ctx.at },
      { buyer_user_id: companyIds.get('demo_zhongneng')!, supplier_user_id: companyIds.get('demo_mengtai')!, created_at: ctx.at },
      { buyer_user_id: companyIds.get('demo_xiangnong')!, supplier_user_id: companyIds.get('demo_lurun')!, created_at: ctx.at },
    ])
    .execute();
}

type Rnd = ReturnType<typeof random>;

/**
 * 30 auction spaces across every space status, with pieces in every trade status: the public
 * statuses (2, 4, 7, 8) hold most of them.
 */
async function loadAuctions(
  trx: Transaction<Database>,
  ctx: DemoContext,
  d: { supplierId: number; buyerId: number; companyIds: Map<string, number>; rnd: Rnd },
): Promise<void> {
  const now = ctx.now.getTime();
  const statuses = [2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 7, 7, 7, 7, 8, 8, 8, 8, 8, 0, 0, 1, 1, 3, 3, 5, 5, 6, 6];
  // Piece trade statuses that fit each space status; several pieces cover mixed outcomes.
  const tradeFor: Record<number, number[][]> = {
    0: [[0]],
    1: [[0]],
    2: [[0], [0, 0]],
    3: [[0]],
    4: [[0], [0, 0], [0, 0, 0]],
    5: [[0]],
    6: [[2], [2, 2]],
    7: [[4], [1, 4], [3]],
    8: [[1], [1, 2], [3, 1], [1]],
  };
  const sellers = [
    { id: d.supplierId, name: '山西晋煤能源有限公司', person: '张伟' },
    { id: d.companyIds.get('demo_mengtai')!, name: '鄂尔多斯蒙泰煤业有限公司', person: '赵强' },
    { id: d.companyIds.get('demo_baoting')!, name: '宁夏宝廷甲醇化工有限公司', person: '马俊' },
    { id: d.companyIds.get('demo_lurun')!, name: '山东鲁润化肥有限公司', person: '孙丽' },
  ];
  const buyers = [
    { id: d.buyerId, name: '华北化工集团有限公司', person: '李明' },
    { id: d.companyIds.get('demo_zhongneng')!, name: '浙江中能电力燃料有限公司', person: '吴涛' },
  ];
  const leaves = varietyLeaves();
  const modes = [1, 2, 4, 5, 6];
  const seen = new Map<number, number>();
  for (const [i, status] of statuses.entries()) {
    const mode = modes[i % modes.length]!;
    const buySide = mode === 4 || mode === 5;
    const owner = buySide ? buyers[i % buyers.length]! : sellers[i % sellers.length]!;
    const { root, branch, leaf } = leaves[(i * 7) % leaves.length]!;
    const nth = seen.get(status) ?? 0;
    seen.set(status, nth + 1);
    const begin =
      status === 4
        ? now - (1 + nth) * HOUR
        : status === 2 || status <= 1 || status === 3
          ? now + (1 + nth * 2) * DAY + 9 * HOUR
          : now - (2 + nth * 3) * DAY;
    const end = begin + (status === 4 ? 6 : 3) * HOUR;
    const pieces = tradeFor[status]![nth % tradeFor[status]!.length]!;
    const { id: spaceId } = await trx
      .insertInto('auction_spaces')
      .values({
        user_id: owner.id,
        space_name: `${owner.name.slice(0, 4)}${branch.name}${buySide ? '采购竞价' : '销售竞拍'}专场（第${String(i + 1).padStart(2, '0')}期）`,
        space_info_user: owner.name,
        name: `${root.name} / ${branch.name}`,
        entry_person_name: owner.person,
        space_auction_mode: mode,
        space_status: status,
        begin_at: iso(begin),
        end_at: iso(end),
        price_step: d.rnd.pick([500, 1000, 2000]),
        deposit: d.rnd.pick([5, 10, 20]) * 1000000,
        currency: 'CNY',
        delivery_place: d.rnd.pick(DELIVERY[root.code]!),
        description:
          `本场${buySide ? '采购竞价' : '销售竞拍'}采用“${['', '公开增价', '自由竞价', '', '公开降价', '自由降价', '量价组合'][mode]}”方式，` +
          '竞买人须在开拍前缴纳保证金；成交后3个工作日内签订合同，保证金转为货款或原路退回。',
        contact_name: owner.person,
        contact_phone: `0${d.rnd.int(300, 999)}-${d.rnd.int(6000000, 8999999)}`,
        created_at: iso(begin - 5 * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('auction_pieces')
      .values(
        pieces.map((trade, index) => {
          const pieceLeaf = index === 0 ? leaf : (branch.leaves[index % branch.leaves.length] ?? leaf);
          return {
            space_id: spaceId,
            sort: index,
            piece_name: `${branch.name} ${pieceLeaf.name}（第${index + 1}标）`,
            trade_status: trade,
            img_file_id: pictureId(pieceLeaf.code),
            open_base_price: (i + index) % 3 === 2 ? 0 : 1,
            base_price: Math.round(pieceLeaf.price * (0.92 + d.rnd.next() * 0.1)) * 100,
            payment_type: (i + index) % 2 === 0 ? 2 : 1,
            total_weight_milli: d.rnd.int(pieceLeaf.quantity[0], Math.max(pieceLeaf.quantity[0], pieceLeaf.quantity[1] / 4)) * 1000,
            stat_unit: pieceLeaf.unit,
          };
        }),
      )
      .execute();
  }
}

/** 30 tenders across every state (2-7), most from buyer01, some already overdue. */
async function loadTenders(
  trx: Transaction<Database>,
  ctx: DemoContext,
  d: { buyerId: number; companyIds: Map<string, number>; rnd: Rnd },
): Promise<void> {
  const now = ctx.now.getTime();
  const tenderers = [
    { id: d.buyerId, name: '华北化工集团有限公司', prefix: 'HBHG', person: '李明', phone: '0311-86650001' },
    { id: d.companyIds.get('demo_zhongneng')!, name: '浙江中能电力燃料有限公司', prefix: 'ZJZN', person: '吴涛', phone: '0574-87340002' },
    { id: d.companyIds.get('demo_xiangnong')!, name: '湖南农资集团有限公司', prefix: 'HNNZ', person: '刘芳', phone: '0731-84480003' },
  ];
  const states = [2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 2, 2, 3];
  const subjects = [
    {
      goods: '动力煤 Q5500',
      spec: '低位发热量≥5500kcal/kg，全硫≤0.8%',
      unit: '吨',
      qty: [20000, 80000],
      root: 'COAL',
      title: '电煤采购招标',
    },
    { goods: '主焦煤', spec: '灰分≤10%，硫分≤0.6%', unit: '吨', qty: [5000, 30000], root: 'COAL', title: '炼焦煤采购招标' },
    { goods: '农业尿素（小颗粒）', spec: '总氮≥46.4%', unit: '吨', qty: [2000, 10000], root: 'UREA', title: '尿素采购询价' },
    { goods: '精甲醇 优等品', spec: '纯度≥99.90%', unit: '吨', qty: [1000, 8000], root: 'METH', title: '甲醇原料采购招标' },
    { goods: '工业液氨', spec: '纯度≥99.8%', unit: '吨', qty: [500, 3000], root: 'NH3', title: '液氨年度框架采购' },
    { goods: '硫基复合肥 15-15-15', spec: '总养分≥45%，氯离子≤3%', unit: '吨', qty: [1000, 6000], root: 'NPK', title: '复合肥集中采购' },
    { goods: '冰醋酸', spec: '纯度≥99.8%', unit: '吨', qty: [200, 1500], root: 'FCHEM', title: '醋酸采购询价' },
  ];
  const quarters = ['第一季度', '第二季度', '第三季度', '第四季度'];
  for (const [i, state] of states.entries()) {
    const who = tenderers[i % 10 < 7 ? 0 : 1 + (i % 2)]!;
    const subject = subjects[i % subjects.length]!;
    const overdue = i >= 27 && state === 2;
    // Open tenders end in the future (unless deliberately overdue); the rest ended in the past.
    const end = state === 2 && !overdue ? now + (3 + i) * DAY : now - (2 + i) * DAY;
    const begin = end - 10 * DAY;
    const published = begin - 2 * DAY;
    const type = subject.title.includes('询价') ? 'inquiry' : 'bidding';
    const seq = String(i + 1).padStart(4, '0');
    const { id } = await trx
      .insertInto('tenders')
      .values({
        user_id: who.id,
        tender_no: i % 3 === 0 ? `${who.prefix}-ZB-${ymd(published)}-00${seq}-A` : `${who.prefix}${ymd(published)}${seq}`,
        tender_name: `${who.name.slice(0, 4)}2026年${quarters[i % 4]}${subject.title}`,
        user_name: who.name,
        tender_type: type,
        obj_state: state,
        bid_begin_at: iso(begin),
        bid_end_at: iso(end),
        currency: 'CNY',
        payment_type: i % 2 === 0 ? 2 : 1,
        contact_name: who.person,
        contact_phone: who.phone,
        description:
          `${who.name}现就${subject.goods}进行公开${type === 'inquiry' ? '询价' : '招标'}，欢迎符合条件的供应商参与。` +
          '投标人须为本平台已认证企业，且已与招标方建立供采关系；报价含税含运费，交货地以明细为准。',
        publish_time: iso(published),
        open_at: iso(end),
        updated_at: iso(published),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lineCount = 1 + (i % 3);
    await trx
      .insertInto('tender_lines')
      .values(
        Array.from({ length: lineCount }, (_, index) => ({
          tender_id: id,
          sort: index,
          goods_name: index === 0 ? subject.goods : `${subject.goods}（第${index + 1}批）`,
          specification: subject.spec,
          quantity_milli: d.rnd.int(subject.qty[0]!, subject.qty[1]!) * 1000,
          unit: subject.unit,
          delivery_place: d.rnd.pick(DELIVERY[subject.root]!),
          delivery_date: iso(end + (20 + index * 30) * DAY).slice(0, 10),
        })),
      )
      .execute();
    // A published tender closes and opens by the scheduler, as one published through the calls does.
    if (state === 2 && !overdue) {
      await trx
        .insertInto('scheduled_jobs')
        .values([
          { kind: 'tender.close', key: String(id), run_at: iso(end), updated_at: iso(now) },
          { kind: 'tender.open', key: String(id), run_at: iso(end), updated_at: iso(now) },
        ])
        .execute();
    }
  }
  await sql`update tenders set company_id = (select u.company_id from users u where u.id = tenders.user_id)`.execute(trx);
}
