/** The portal's content pages: news, an enterprise's page, about us, help and finance (apart from `portal`, which the first screens load). */
export const content = {
  news: {
    title: '新闻中心',
    columns: '新闻栏目',
    all: '全部资讯',
    publishDate: '发布日期',
    type: '栏目',
    total: '共 {{total}} 条',
    detail: '正文',
    notFound: '文章不存在或已被删除',
    backToList: '返回新闻列表',
  },
  enterprise: {
    title: '企业详情',
    list: '会员企业',
    mainBusiness: '主营业务',
    introduce: '企业简介',
    logoAlt: '{{name}}的标志',
    notFound: '企业不存在或已被删除',
  },
  about: {
    title: '关于我们',
    empty: '请联系管理员配置关于我们',
    partners: '合作伙伴',
    partnerLink: '{{name}}（在新窗口打开）',
  },
  help: {
    title: '帮助中心',
    menu: '帮助目录',
    empty: '请联系管理员配置',
    updated: '更新于 {{date}}',
  },
  finance: {
    title: '金融服务',
    lead: '联合合作银行，为平台会员企业提供覆盖采购、销售、仓储全流程的供应链金融服务。',
    services: [
      {
        title: '供应链融资',
        text: '基于平台真实交易数据，为买方提供预付款融资、为卖方提供应收账款融资，缓解资金占用压力。',
      },
      {
        title: '支付结算',
        text: '平台资金监管账户全程托管货款，支持现汇与银行电子承兑汇票，确认收货后自动划转。',
      },
      {
        title: '仓单与保险',
        text: '指定交收仓库出具标准仓单，可用于质押融资；合作保险机构提供货物运输险与履约保证保险。',
      },
    ],
    productsTitle: '合作银行产品',
    products: [
      {
        bank: '北方商业银行',
        name: '仓单质押融资',
        text: '以平台指定仓库的标准仓单质押，融资额度最高为货值的 70%。',
        term: '期限 1-12 个月',
      },
      { bank: '长江银行', name: '订单融资', text: '凭平台成交订单申请预付款融资，按笔放款、随借随还。', term: '期限最长 6 个月' },
      {
        bank: '中原农商银行',
        name: '电子银行承兑汇票',
        text: '开立电子承兑汇票用于平台货款支付，降低企业现金支出。',
        term: '票期最长 6 个月',
      },
      { bank: '海港银行', name: '应收账款保理', text: '卖方将平台交易形成的应收账款转让给银行，提前回笼资金。', term: '期限最长 12 个月' },
      { bank: '西部发展银行', name: '保证金保函', text: '以银行保函替代竞价、招标现金保证金，释放流动资金。', term: '按场次开立' },
      { bank: '东方商业银行', name: '供应链信用贷', text: '依据平台交易记录和信用评价，提供纯信用线上贷款。', term: '额度最高 500 万元' },
    ],
    consult: '业务咨询请拨打客服热线或联系平台客户经理。',
  },
};
export type ContentText = typeof content;
