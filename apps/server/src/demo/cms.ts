import { createHash } from 'node:crypto';
import { HOME_BANNER_POSITION, DEFAULT_SITE_NAME } from '@portal/contracts/cms-constants';
import { fileUrl } from '@portal/contracts/files';
import { createCmsRepo, createCmsService } from '../modules/cms';
import { createFilesRepo } from '../modules/files';
import { DEMO_ARTICLES } from './cms-articles';
import type { DemoLoader } from './index';

const FONT = `'Noto Sans CJK SC','PingFang SC','Microsoft YaHei',sans-serif`;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A wide banner: a diagonal gradient, a few translucent shapes and a headline. */
function bannerSvg(b: {
  from: string;
  to: string;
  accent: string;
  title: string;
  subtitle: string;
  motif: 'hex' | 'wave' | 'grid' | 'ring';
}) {
  const motifs = {
    hex: [0, 1, 2, 3, 4]
      .map((i) => {
        const cx = 1320 + (i % 3) * 150;
        const cy = 120 + Math.floor(i / 2) * 130 + (i % 2) * 40;
        const pts = [0, 1, 2, 3, 4, 5]
          .map((k) => `${Math.round(cx + 70 * Math.cos((Math.PI / 3) * k))},${Math.round(cy + 70 * Math.sin((Math.PI / 3) * k))}`)
          .join(' ');
        return `<polygon points="${pts}" fill="none" stroke="${b.accent}" stroke-opacity="0.55" stroke-width="4"/>`;
      })
      .join(''),
    wave: [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M1000 ${300 + i * 40} C 1250 ${200 + i * 40}, 1450 ${420 + i * 40}, 1920 ${260 + i * 40}" fill="none" stroke="${b.accent}" stroke-opacity="${0.5 - i * 0.1}" stroke-width="6"/>`,
      )
      .join(''),
    grid: [0, 1, 2, 3, 4, 5]
      .map(
        (i) =>
          `<rect x="${1200 + (i % 3) * 170}" y="${90 + Math.floor(i / 3) * 170}" width="130" height="130" rx="18" fill="${b.accent}" fill-opacity="${0.18 + (i % 3) * 0.08}"/>`,
      )
      .join(''),
    ring: [0, 1, 2]
      .map(
        (i) =>
          `<circle cx="1500" cy="240" r="${90 + i * 70}" fill="none" stroke="${b.accent}" stroke-opacity="${0.55 - i * 0.15}" stroke-width="${10 - i * 3}"/>`,
      )
      .join(''),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="480" viewBox="0 0 1920 480">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
<rect width="1920" height="480" fill="url(#g)"/>
<circle cx="180" cy="520" r="260" fill="#ffffff" fill-opacity="0.06"/>
${motifs[b.motif]}
<text x="360" y="230" font-family="${FONT}" font-size="64" font-weight="700" fill="#ffffff">${escapeXml(b.title)}</text>
<text x="362" y="300" font-family="${FONT}" font-size="30" fill="#ffffff" fill-opacity="0.88">${escapeXml(b.subtitle)}</text>
<rect x="362" y="336" width="96" height="6" rx="3" fill="${b.accent}"/>
</svg>`;
}

/** A square logo: a rounded tile with one or two characters. */
function logoSvg(text: string, from: string, to: string) {
  const size = text.length > 1 ? 44 : 64;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="160" height="160" rx="28" fill="url(#g)"/>
<text x="80" y="${80 + size * 0.36}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(text)}</text>
</svg>`;
}

/** A wide partner logo: a mark and a name on white. */
function wideLogoSvg(mark: string, name: string, color: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">
<rect width="240" height="80" rx="8" fill="#ffffff"/>
<rect x="12" y="16" width="48" height="48" rx="10" fill="${color}"/>
<text x="36" y="49" text-anchor="middle" font-family="${FONT}" font-size="24" font-weight="700" fill="#ffffff">${escapeXml(mark)}</text>
<text x="72" y="48" font-family="${FONT}" font-size="18" font-weight="600" fill="#1f2937">${escapeXml(name)}</text>
</svg>`;
}

const SITE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1668dc"/><stop offset="1" stop-color="#0b3d91"/></linearGradient></defs>
<rect width="64" height="64" rx="14" fill="url(#g)"/>
<path d="M14 42 L26 24 L36 36 L50 18" fill="none" stroke="#ffffff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="50" cy="18" r="4" fill="#ffd666"/>
</svg>`;

const BANNERS = [
  {
    from: '#0b3d91',
    to: '#1668dc',
    accent: '#69b1ff',
    title: '大宗商品一站式交易平台',
    subtitle: '煤炭 · 尿素 · 甲醇 · 液氨 · 化肥 · 精细化工',
    motif: 'hex' as const,
    url: '/onListing',
  },
  {
    from: '#7a2e0e',
    to: '#d4380d',
    accent: '#ffbb96',
    title: '网上竞价  公开透明',
    subtitle: '实时出价 · 价高者得 · 全程留痕',
    motif: 'ring' as const,
    url: '/auctionCenter',
  },
  {
    from: '#08545a',
    to: '#13a8a8',
    accent: '#87e8de',
    title: '阳光招标  高效采购',
    subtitle: '在线发标 · 在线投标 · 结果公示',
    motif: 'grid' as const,
    url: '/biddingTender',
  },
  {
    from: '#391085',
    to: '#722ed1',
    accent: '#d3adf7',
    title: '供应链金融服务',
    subtitle: '仓单质押 · 订单融资 · 电子承兑',
    motif: 'wave' as const,
    url: '/finance',
  },
];

const ENTERPRISES = [
  {
    name: '山西晋煤能源有限公司',
    mark: '晋煤',
    colors: ['#262626', '#595959'],
    business: '动力煤、无烟煤、焦煤的开采、洗选与销售',
    intro: [
      '山西晋煤能源有限公司成立于2003年，总部位于山西省晋城市，是一家集煤炭开采、洗选加工、铁路运输和煤炭贸易于一体的综合性能源企业。',
      '公司拥有生产矿井6座，核定产能1,200万吨/年，配套洗煤厂3座，年入洗能力900万吨。主要产品包括5500大卡动力煤、无烟块煤和低硫主焦煤，长期供应华北、华东地区电厂和化工企业。',
    ],
    highlights: ['核定产能1,200万吨/年', '自有铁路专用线2条', '通过ISO 9001质量管理体系认证'],
  },
  {
    name: '华北化工集团有限公司',
    mark: '华化',
    colors: ['#0958d9', '#4096ff'],
    business: '合成氨、尿素、甲醇及下游化工产品的生产与销售',
    intro: [
      '华北化工集团有限公司是以煤化工为主业的大型企业集团，下属生产企业5家，主要产品有合成氨、尿素、甲醇、三聚氰胺和复合肥，年销售收入超过120亿元。',
      '集团坚持“绿色、安全、高效”的发展理念，持续推进节能降碳改造，合成氨单位产品能耗达到行业标杆水平。集团通过本平台开展煤炭、包装物和辅料的集中采购。',
    ],
    highlights: ['尿素产能180万吨/年', '甲醇产能60万吨/年', '国家级绿色工厂'],
  },
  {
    name: '江苏新材料科技有限公司',
    mark: '新材',
    colors: ['#08979c', '#36cfc9'],
    business: '精细化工中间体、高性能助剂、电子化学品',
    intro: [
      '江苏新材料科技有限公司位于江苏泰兴经济开发区，是一家专注于精细化工中间体和功能性助剂研发生产的高新技术企业。',
      '公司建有省级工程技术研究中心，拥有发明专利40余项，产品广泛应用于涂料、胶粘剂、电子材料等领域，出口欧美、东南亚等20多个国家和地区。',
    ],
    highlights: ['国家高新技术企业', '省级工程技术研究中心', '发明专利40余项'],
  },
  {
    name: '鄂尔多斯恒泰煤化有限公司',
    mark: '恒泰',
    colors: ['#874d00', '#d48806'],
    business: '煤炭开采、洗精煤、煤制甲醇',
    intro: [
      '鄂尔多斯恒泰煤化有限公司是内蒙古自治区重点煤化工企业，拥有煤矿2座、年产60万吨煤制甲醇装置1套，形成了“煤—电—化”一体化产业链。',
      '公司洗精煤产品灰分低、硫分低，长期供应华北、东北地区焦化企业；甲醇产品主要销往华东、华北市场。',
    ],
    highlights: ['煤炭产能800万吨/年', '煤制甲醇60万吨/年', '自治区级智能化示范煤矿'],
  },
  {
    name: '山东鲁丰化肥股份有限公司',
    mark: '鲁丰',
    colors: ['#389e0d', '#73d13d'],
    business: '复合肥、硫酸钾、水溶肥的生产与销售',
    intro: [
      '山东鲁丰化肥股份有限公司创立于1998年，是国内较早从事硫酸钾型复合肥生产的企业之一，年产各类化肥150万吨，营销网络覆盖全国20多个省份。',
      '公司坚持“科学施肥、服务三农”，建有测土配方实验室和农化服务团队，为种植大户和合作社提供从选肥到施肥的全程服务。',
    ],
    highlights: ['化肥产能150万吨/年', '中国驰名商标', '测土配方施肥示范企业'],
  },
  {
    name: '河南中原氨业有限公司',
    mark: '中原',
    colors: ['#1d39c4', '#597ef7'],
    business: '液氨、碳酸氢铵、氨水',
    intro: [
      '河南中原氨业有限公司是豫南地区主要的合成氨生产企业，拥有年产30万吨合成氨装置，产品以液氨为主，兼产碳酸氢铵和工业氨水。',
      '公司配备专业的危险化学品运输车队和储运设施，严格执行安全生产标准化管理，可为客户提供安全、稳定的液氨供应。',
    ],
    highlights: ['合成氨产能30万吨/年', '安全生产标准化一级企业', '自有危化品运输车队'],
  },
  {
    name: '宁夏宁东能源化工有限公司',
    mark: '宁东',
    colors: ['#c41d7f', '#f759ab'],
    business: '甲醇、聚烯烃、煤基新材料',
    intro: [
      '宁夏宁东能源化工有限公司坐落于宁东能源化工基地，是以煤制甲醇、甲醇制烯烃为核心的现代煤化工企业。',
      '公司甲醇年产能180万吨，配套聚乙烯、聚丙烯装置，产品质量稳定，是区域内重要的甲醇和聚烯烃供应商。',
    ],
    highlights: ['甲醇产能180万吨/年', '聚烯烃产能60万吨/年', '国家现代煤化工示范项目'],
  },
  {
    name: '湖北楚天磷化有限公司',
    mark: '楚天',
    colors: ['#cf1322', '#ff7875'],
    business: '磷酸一铵、磷酸二铵、磷复肥',
    intro: [
      '湖北楚天磷化有限公司依托湖北丰富的磷矿资源，形成了“磷矿—磷酸—磷铵—复合肥”的完整产业链，磷铵年产能80万吨。',
      '公司产品畅销国内主要农业产区，并出口南亚、东南亚市场。',
    ],
    highlights: ['磷铵产能80万吨/年', '自有磷矿资源', '省级循环经济示范企业'],
  },
  {
    name: '浙江海港物流有限公司',
    mark: '海港',
    colors: ['#006d75', '#13c2c2'],
    business: '港口仓储、大宗商品物流、多式联运',
    intro: [
      '浙江海港物流有限公司是宁波舟山港区域的综合物流服务商，拥有散货堆场120万平方米、液体化工品储罐40万立方米。',
      '公司提供港口装卸、仓储监管、铁水联运和公路配送等一站式服务，是本平台指定的交收仓库之一。',
    ],
    highlights: ['散货堆场120万平方米', '化工品储罐40万立方米', '平台指定交收仓库'],
  },
  {
    name: '陕西榆林清洁能源有限公司',
    mark: '榆能',
    colors: ['#613400', '#ad6800'],
    business: '兰炭、煤焦油、清洁燃料',
    intro: [
      '陕西榆林清洁能源有限公司主营兰炭、煤焦油和清洁燃料，兰炭年产能150万吨，是陕北地区兰炭产业升级的代表企业。',
      '公司采用内热式直立炭化炉和煤气综合利用技术，实现了资源的高效清洁利用。',
    ],
    highlights: ['兰炭产能150万吨/年', '煤气综合利用发电', '省级清洁生产示范企业'],
  },
];

const FRIEND_LINKS = [
  { name: '煤炭交易服务网', mark: '煤', color: '#262626', slug: 'coal' },
  { name: '化肥流通信息网', mark: '肥', color: '#389e0d', slug: 'fertilizer' },
  { name: '化工品价格指数', mark: '化', color: '#1668dc', slug: 'chemical-index' },
  { name: '大宗物流联盟', mark: '运', color: '#d46b08', slug: 'logistics' },
  { name: '供应链金融服务', mark: '融', color: '#722ed1', slug: 'finance' },
  { name: '危化品安全平台', mark: '安', color: '#cf1322', slug: 'safety' },
];

/** Latest value of each index and its changes (percent); the day before is stored too. */
const PRICE_INDICES = [
  { goodsName: '动力煤（5500大卡）', value: 862.0, day: 1.29, month: -2.16, year: -11.38 },
  { goodsName: '炼焦煤', value: 1680.0, day: 0.6, month: 4.02, year: -8.75 },
  { goodsName: '尿素（小颗粒）', value: 2150.0, day: 0.94, month: 1.42, year: -6.52 },
  { goodsName: '甲醇', value: 2590.0, day: 2.98, month: 3.6, year: 4.23 },
  { goodsName: '液氨', value: 3125.0, day: -0.48, month: 5.93, year: 2.1 },
  { goodsName: '复合肥（15-15-15）', value: 2760.0, day: 0.0, month: 1.1, year: -3.84 },
];

const ABOUT_US = `
<h2>平台简介</h2>
<p>大宗商品交易平台是面向煤炭、尿素、甲醇、液氨、复合肥和精细化工等大宗商品的B2B电子交易服务平台，为生产企业、贸易商和终端用户提供挂牌交易、网上竞价、招标采购、供应链金融和资讯服务。</p>
<p>平台坚持服务实体经济，以现货交易为基础，依托资金监管、电子合同、物流跟踪和信用评价体系，帮助企业降低采购成本、拓宽销售渠道、提高交易效率。</p>
<h3>我们的服务</h3>
<ul>
<li><strong>网上商城：</strong>卖方挂牌、买方摘牌，价格透明，交易便捷；</li>
<li><strong>竞价中心：</strong>公开增价、自由竞价、降价竞价、量价结合等多种模式；</li>
<li><strong>招标大厅：</strong>在线发标、投标、开标、评标，全程留痕可追溯；</li>
<li><strong>金融服务：</strong>联合合作银行提供仓单质押、订单融资、电子承兑等服务；</li>
<li><strong>资讯服务：</strong>行业资讯、价格指数、政策法规一站获取。</li>
</ul>
<h3>联系我们</h3>
<p>客服热线：400-820-2026（工作日 8:30-17:30）<br>电子邮箱：service@example.com<br>地址：北京市朝阳区建国路88号现代城A座18层</p>`;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** News types, articles, banners, friend links, enterprises, price indices and pages, with their images. */
export const loadCmsDemoData: DemoLoader = async (trx, ctx) => {
  const files = createFilesRepo(trx);
  const cms = createCmsService({ repo: createCmsRepo(trx), now: () => ctx.now });

  const stored = new Map<string, string>();
  /** Stores an SVG under an id derived from its bytes (so a changed image gets a new, uncached URL). */
  const storeSvg = async (name: string, svg: string): Promise<string> => {
    const data = Buffer.from(svg, 'utf8');
    const id = `cms-${createHash('sha256').update(data).digest('hex').slice(0, 24)}`;
    if (!stored.has(id)) {
      await files.insert({ id, name, content_type: 'image/svg+xml', data, created_at: ctx.at });
      stored.set(id, name);
    }
    return fileUrl(id);
  };

  // The news types themselves are reference data (migration 102).
  for (const a of DEMO_ARTICLES) {
    const at = new Date(ctx.now);
    at.setUTCDate(at.getUTCDate() - a.daysAgo);
    at.setUTCHours(a.hour - 8, 0, 0, 0); // hours are Beijing time
    await cms.saveArticle({ subType: a.subType, title: a.title, html: a.html, publishDate: at.toISOString(), sort: a.sort ?? 0 });
  }

  for (const [sort, b] of BANNERS.entries()) {
    const imageUrl = await storeSvg(`banner-${sort + 1}.svg`, bannerSvg(b));
    await cms.saveBanner({ positionCode: HOME_BANNER_POSITION, title: b.title, imageUrl, url: b.url, adType: '1', sort });
  }

  for (const [sort, l] of FRIEND_LINKS.entries()) {
    const logo = await storeSvg(`link-${l.slug}.svg`, wideLogoSvg(l.mark, l.name, l.color));
    await cms.saveFriendLink({ name: l.name, url: `https://example.com/partners/${l.slug}`, logo, sort });
  }

  for (const [sort, e] of ENTERPRISES.entries()) {
    const logo = await storeSvg(`enterprise-${sort + 1}.svg`, logoSvg(e.mark, e.colors[0]!, e.colors[1]!));
    const html =
      e.intro.map((text) => `<p>${text}</p>`).join('') +
      `<h3>企业亮点</h3><ul>${e.highlights.map((h) => `<li>${h}</li>`).join('')}</ul>` +
      `<h3>主营业务</h3><p>${e.business}</p>`;
    await cms.saveEnterprise({ name: e.name, logo, mainBusiness: e.business, html, sort });
  }

  const today = new Date(ctx.now);
  const yesterday = new Date(ctx.now.getTime() - 86_400_000);
  for (const [sort, p] of PRICE_INDICES.entries()) {
    const previous = Math.round((p.value / (1 + p.day / 100)) * 100) / 100;
    await cms.savePriceIndex({
      goodsName: p.goodsName,
      priceIndex: previous,
      indexDate: isoDate(yesterday),
      dayChange: 0,
      monthChange: p.month,
      yearChange: p.year,
      sort,
    });
    await cms.savePriceIndex({
      goodsName: p.goodsName,
      priceIndex: p.value,
      indexDate: isoDate(today),
      dayChange: p.day,
      monthChange: p.month,
      yearChange: p.year,
      sort,
    });
  }

  const siteLogo = await storeSvg('site-logo.svg', SITE_LOGO);
  await cms.saveAboutUs({ html: ABOUT_US, logoImageUrl: siteLogo });
  await cms.savePageConfig({
    // The installed name and no copyright line of its own: the portal names itself in the reader's language.
    siteName: DEFAULT_SITE_NAME,
    pageLogo: { menuLogo: siteLogo },
    copyright: '',
    icp: '京ICP备20260001号-1',
    servicePhone: '400-820-2026',
    serviceEmail: 'service@example.com',
  });
};
