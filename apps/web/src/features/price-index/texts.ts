import type { Lang } from '@portal/contracts/i18n';

/** The price pages' own words, in the three languages, kept with the pages. */
export interface PriceTexts {
  title: string;
  variety: string;
  market: string;
  allMarkets: string;
  range: string;
  ranges: Record<'1M' | '3M' | '1Y' | 'all', string>;
  view: string;
  chart: string;
  table: string;
  chartLabel: (name: string) => string;
  tableCaption: (name: string, unit: string) => string;
  date: string;
  index: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  samples: string;
  removed: string;
  mark: string;
  carried: string;
  withheld: string;
  samplesLine: (n: number, removed: number) => string;
  unitPrice: (currency: string, unit: string) => string;
  empty: string;
  methodology: string;
  credit: string;
  fromDeals: string;
  typed: string;
  operator: { actions: string; annotate: string; withhold: string; release: string; note: string; reason: string; saved: string };
}

export const PRICE_TEXTS: Record<Lang, PriceTexts> = {
  'zh-CN': {
    title: '成交价格指数',
    variety: '品种',
    market: '市场',
    allMarkets: '全部市场',
    range: '时间范围',
    ranges: { '1M': '1个月', '3M': '3个月', '1Y': '1年', all: '全部' },
    view: '显示方式',
    chart: '图表',
    table: '表格',
    chartLabel: (name) => `${name}日K线与指数走势图，数值见表格视图`,
    tableCaption: (name, unit) => `${name}每日成交价格指数（元/${unit}）`,
    date: '日期',
    index: '指数',
    open: '开盘',
    high: '最高',
    low: '最低',
    close: '收盘',
    volume: '成交量',
    samples: '样本数',
    removed: '剔除',
    mark: '说明',
    carried: '成交不足，沿用前值',
    withheld: '暂停发布',
    samplesLine: (n, removed) => `样本 ${n} 笔，剔除 ${removed} 笔`,
    unitPrice: (currency, unit) => `单位：${currency === 'CNY' ? '元' : currency}/${unit}`,
    empty: '该品种暂无成交价格指数',
    methodology: '指数为当日成交订单的成交量加权平均单价；偏离中位数超过3倍中位数绝对偏差的成交剔除；有效成交少于3笔时沿用前值。',
    credit: '图表：TradingView Lightweight Charts',
    fromDeals: '成交指数',
    typed: '人工录入',
    operator: {
      actions: '操作',
      annotate: '注释',
      withhold: '暂停发布',
      release: '恢复发布',
      note: '注释内容',
      reason: '原因',
      saved: '已保存',
    },
  },
  'en-US': {
    title: 'Deal price index',
    variety: 'Variety',
    market: 'Market',
    allMarkets: 'All markets',
    range: 'Range',
    ranges: { '1M': '1 M', '3M': '3 M', '1Y': '1 Y', all: 'All' },
    view: 'View',
    chart: 'Chart',
    table: 'Table',
    chartLabel: (name) => `Daily candles and index line of ${name}; the numbers are in the table view`,
    tableCaption: (name, unit) => `Daily deal price index of ${name} (CNY per ${unit})`,
    date: 'Date',
    index: 'Index',
    open: 'Open',
    high: 'High',
    low: 'Low',
    close: 'Close',
    volume: 'Volume',
    samples: 'Samples',
    removed: 'Removed',
    mark: 'Note',
    carried: 'Too few deals: previous value carried',
    withheld: 'Withheld',
    samplesLine: (n, removed) => `${n} deals, ${removed} removed`,
    unitPrice: (currency, unit) => `Unit: ${currency} per ${unit}`,
    empty: 'No deal price index for this variety yet',
    methodology:
      "The index is the volume-weighted average unit price of the day's deals; deals more than 3 median absolute deviations from the median are removed; with fewer than 3 deals kept the previous value is carried.",
    credit: 'Chart: TradingView Lightweight Charts',
    fromDeals: 'From deals',
    typed: 'Entered by operators',
    operator: {
      actions: 'Actions',
      annotate: 'Annotate',
      withhold: 'Withhold',
      release: 'Publish again',
      note: 'Annotation',
      reason: 'Reason',
      saved: 'Saved',
    },
  },
  'zh-TW': {
    title: '成交價格指數',
    variety: '品種',
    market: '市場',
    allMarkets: '全部市場',
    range: '時間範圍',
    ranges: { '1M': '1個月', '3M': '3個月', '1Y': '1年', all: '全部' },
    view: '顯示方式',
    chart: '圖表',
    table: '表格',
    chartLabel: (name) => `${name}日K線與指數走勢圖，數值見表格檢視`,
    tableCaption: (name, unit) => `${name}每日成交價格指數（元/${unit}）`,
    date: '日期',
    index: '指數',
    open: '開盤',
    high: '最高',
    low: '最低',
    close: '收盤',
    volume: '成交量',
    samples: '樣本數',
    removed: '剔除',
    mark: '說明',
    carried: '成交不足，沿用前值',
    withheld: '暫停發布',
    samplesLine: (n, removed) => `樣本 ${n} 筆，剔除 ${removed} 筆`,
    unitPrice: (currency, unit) => `單位：${currency === 'CNY' ? '元' : currency}/${unit}`,
    empty: '該品種暫無成交價格指數',
    methodology: '指數為當日成交訂單的成交量加權平均單價；偏離中位數超過3倍中位數絕對偏差的成交剔除；有效成交少於3筆時沿用前值。',
    credit: '圖表：TradingView Lightweight Charts',
    fromDeals: '成交指數',
    typed: '人工錄入',
    operator: {
      actions: '操作',
      annotate: '註釋',
      withhold: '暫停發布',
      release: '恢復發布',
      note: '註釋內容',
      reason: '原因',
      saved: '已儲存',
    },
  },
};
