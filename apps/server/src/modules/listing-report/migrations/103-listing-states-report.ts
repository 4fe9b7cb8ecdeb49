import type { Kysely } from 'kysely';
import { LISTING_REPORT_PERMISSION } from '@portal/contracts/listing-report';
import { applyReferenceData, type MenuDeclaration } from '../../../db/reference-data';

const backOffice = { menu_type: '', system_code: 'omc', app_code: 'omc', keep_alive: 1, menu_arg: '', roles: ['platform_admin'] };

const REPORT_MENUS: MenuDeclaration[] = [
  {
    ...backOffice,
    id: 'operator-reports',
    parent_id: 'root',
    name: 'operatorReports',
    title: '统计报表',
    url: '',
    icon: 'DashboardOutlined',
    sort: 10,
    titles: { 'en-US': 'Reports', 'zh-TW': '統計報表' },
  },
  {
    ...backOffice,
    id: 'operator-reports-listing-states',
    parent_id: 'operator-reports',
    name: 'listingStatesReport',
    title: '挂牌状态统计',
    url: '/admin/listing-report',
    icon: 'FundOutlined',
    sort: 1,
    titles: { 'en-US': 'Listings by state', 'zh-TW': '掛牌狀態統計' },
  },
];

/** The operators' reports group with the report's page, and the permission its call needs. */
export function listingStatesReport() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await applyReferenceData(db, {
        roles: [{ code: 'platform_admin', name: '平台管理员', permissions: [LISTING_REPORT_PERMISSION] }],
        menus: REPORT_MENUS,
      });
    },
  };
}
