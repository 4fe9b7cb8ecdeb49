/** The demo accounts of decisions.md section 8; the README lists them. Roles are named by code (migration 100 creates them). */
export const DEMO_ACCOUNTS = [
  {
    account: 'admin',
    password: 'Admin@2026',
    nick: '平台管理员',
    real: '王建国',
    mobile: '13800000000',
    type: 'operator',
    company: '',
    roles: ['platform_admin'],
    isDefault: false,
  },
  {
    account: 'buyer01',
    password: 'Buyer@2026',
    nick: '华北化工采购',
    real: '李明',
    mobile: '13800000001',
    type: 'comp',
    company: '华北化工集团有限公司',
    roles: ['company_user'],
    isDefault: false,
  },
  {
    account: 'supplier01',
    password: 'Supplier@2026',
    nick: '晋煤能源销售',
    real: '张伟',
    mobile: '13800000002',
    type: 'comp',
    company: '山西晋煤能源有限公司',
    roles: ['company_user'],
    isDefault: false,
  },
  {
    account: 'newcomer',
    password: 'Init@2026',
    nick: '新用户',
    real: '陈静',
    mobile: '13800000003',
    type: 'comp',
    company: '江苏新材料科技有限公司',
    roles: ['company_user'],
    isDefault: true,
  },
] as const;

export const DEMO_TENANTS = [
  { tenant_id: 'T001', tenant_name: '大宗商品交易平台', kind_code: 'trade' },
  { tenant_id: 'T002', tenant_name: '化肥交易分中心', kind_code: 'fertilizer' },
];
