import type { ContentText } from '../zh-CN/content';

export const content: ContentText = {
  news: {
    title: 'News centre',
    columns: 'News columns',
    all: 'All news',
    publishDate: 'Published',
    type: 'Column',
    total: '{{total}} items',
    detail: 'Article',
    notFound: 'The article does not exist or has been removed',
    backToList: 'Back to the news list',
  },
  enterprise: {
    title: 'Enterprise profile',
    list: 'Member enterprises',
    mainBusiness: 'Main business',
    introduce: 'Introduction',
    logoAlt: 'Logo of {{name}}',
    notFound: 'The enterprise does not exist or has been removed',
  },
  about: {
    title: 'About us',
    empty: 'Please ask the administrator to set up the About page',
    partners: 'Partners',
    partnerLink: '{{name}} (opens in a new window)',
  },
  help: {
    title: 'Help centre',
    menu: 'Help topics',
    empty: 'Please ask the administrator to set up the help centre',
    updated: 'Updated {{date}}',
  },
  finance: {
    title: 'Financial services',
    lead: 'With our partner banks we offer member enterprises supply-chain finance across purchasing, sales and warehousing.',
    services: [
      {
        title: 'Supply-chain financing',
        text: 'Based on real trades on the platform: prepayment loans for buyers and receivables financing for sellers.',
      },
      {
        title: 'Payment and settlement',
        text: 'Payments are held in a supervised account, by transfer or e-acceptance bill, and released on receipt of goods.',
      },
      {
        title: 'Receipts and insurance',
        text: 'Designated warehouses issue standard receipts usable as collateral; partner insurers cover transport and performance.',
      },
    ],
    productsTitle: 'Partner bank products',
    products: [
      {
        bank: 'Northern Commercial Bank',
        name: 'Warehouse-receipt loan',
        text: 'Pledge standard receipts from designated warehouses for up to 70% of the goods value.',
        term: '1-12 months',
      },
      {
        bank: 'Changjiang Bank',
        name: 'Order financing',
        text: 'Prepayment loans against platform orders, drawn and repaid per order.',
        term: 'Up to 6 months',
      },
      {
        bank: 'Zhongyuan Rural Commercial Bank',
        name: 'E-acceptance bill',
        text: 'Pay for goods on the platform with an electronic bank acceptance bill.',
        term: 'Up to 6 months',
      },
      {
        bank: 'Haigang Bank',
        name: 'Receivables factoring',
        text: 'Sellers assign receivables from platform trades to the bank and get paid early.',
        term: 'Up to 12 months',
      },
      {
        bank: 'Western Development Bank',
        name: 'Deposit guarantee',
        text: 'A bank guarantee replaces cash deposits for auctions and tenders.',
        term: 'Per session',
      },
      {
        bank: 'Oriental Commercial Bank',
        name: 'Supply-chain credit loan',
        text: 'Unsecured online loans based on trading records and credit ratings.',
        term: 'Up to CNY 5 million',
      },
    ],
    consult: 'For enquiries, call the service hotline or contact your account manager.',
  },
};
