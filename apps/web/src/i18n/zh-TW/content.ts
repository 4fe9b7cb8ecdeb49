import type { ContentText } from '../zh-CN/content';

export const content: ContentText = {
  news: {
    title: '新聞中心',
    columns: '新聞欄目',
    all: '全部資訊',
    publishDate: '發布日期',
    type: '欄目',
    total: '共 {{total}} 筆',
    detail: '正文',
    notFound: '文章不存在或已被刪除',
    backToList: '返回新聞列表',
  },
  enterprise: {
    title: '企業詳情',
    list: '會員企業',
    mainBusiness: '主營業務',
    introduce: '企業簡介',
    logoAlt: '{{name}}的標誌',
    notFound: '企業不存在或已被刪除',
  },
  about: {
    title: '關於我們',
    empty: '請聯絡管理員設定關於我們',
    partners: '合作夥伴',
    partnerLink: '{{name}}（在新視窗開啟）',
  },
  help: {
    title: '說明中心',
    menu: '說明目錄',
    empty: '請聯絡管理員設定',
    updated: '更新於 {{date}}',
  },
  finance: {
    title: '金融服務',
    lead: '聯合合作銀行，為平台會員企業提供涵蓋採購、銷售、倉儲全流程的供應鏈金融服務。',
    services: [
      {
        title: '供應鏈融資',
        text: '基於平台真實交易資料，為買方提供預付款融資、為賣方提供應收帳款融資，緩解資金佔用壓力。',
      },
      {
        title: '支付結算',
        text: '平台資金監管帳戶全程託管貨款，支援現匯與銀行電子承兌匯票，確認收貨後自動劃轉。',
      },
      {
        title: '倉單與保險',
        text: '指定交收倉庫出具標準倉單，可用於質押融資；合作保險機構提供貨物運輸險與履約保證保險。',
      },
    ],
    productsTitle: '合作銀行產品',
    products: [
      {
        bank: '北方商業銀行',
        name: '倉單質押融資',
        text: '以平台指定倉庫的標準倉單質押，融資額度最高為貨值的 70%。',
        term: '期限 1-12 個月',
      },
      { bank: '長江銀行', name: '訂單融資', text: '憑平台成交訂單申請預付款融資，按筆放款、隨借隨還。', term: '期限最長 6 個月' },
      {
        bank: '中原農商銀行',
        name: '電子銀行承兌匯票',
        text: '開立電子承兌匯票用於平台貨款支付，降低企業現金支出。',
        term: '票期最長 6 個月',
      },
      { bank: '海港銀行', name: '應收帳款保理', text: '賣方將平台交易形成的應收帳款轉讓給銀行，提前回籠資金。', term: '期限最長 12 個月' },
      { bank: '西部發展銀行', name: '保證金保函', text: '以銀行保函替代競價、招標現金保證金，釋放流動資金。', term: '按場次開立' },
      { bank: '東方商業銀行', name: '供應鏈信用貸', text: '依據平台交易記錄和信用評價，提供純信用線上貸款。', term: '額度最高 500 萬元' },
    ],
    consult: '業務諮詢請撥打客服專線或聯絡平台客戶經理。',
  },
};
