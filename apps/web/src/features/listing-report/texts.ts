import type { Lang } from '@portal/contracts/i18n';

/** The report page's own words, in the three languages, kept with the page. */
export const REPORT_TEXTS: Record<Lang, { noun: string; company: string; keyword: string; total: string; noCompany: string }> = {
  'zh-CN': { noun: '企业', company: '企业名称', keyword: '企业名称', total: '合计', noCompany: '（无企业）' },
  'en-US': { noun: 'company', company: 'Company', keyword: 'Company name', total: 'Total', noCompany: '(no company)' },
  'zh-TW': { noun: '企業', company: '企業名稱', keyword: '企業名稱', total: '合計', noCompany: '（無企業）' },
};
