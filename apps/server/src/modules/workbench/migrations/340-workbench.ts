import type { Kysely } from 'kysely';
import { WORKBENCH_BUYER_PERMISSION, WORKBENCH_OPERATOR_PERMISSION, WORKBENCH_SUPPLIER_PERMISSION } from '@portal/contracts/workbench';
import { PAGE_PATHS } from '@portal/contracts/page-paths';
import { ADMIN, applyReferenceData, COMPANY, tradingPage } from '../../../db/reference-data';

/**
 * The workbench page first under the 工作台 group, for company users (buyer and supplier views)
 * and operators (the platform's view), and the permission codes its calls need.
 */
export function workbenchPage() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await applyReferenceData(db, {
        roles: [
          { code: 'company_user', name: '企业用户', permissions: [WORKBENCH_BUYER_PERMISSION, WORKBENCH_SUPPLIER_PERMISSION] },
          { code: 'platform_admin', name: '平台管理员', permissions: [WORKBENCH_OPERATOR_PERMISSION] },
        ],
        menus: [
          tradingPage(
            'workbench-overview',
            'workbench',
            'workbenchOverview',
            '我的工作台',
            PAGE_PATHS.workbench,
            'FundOutlined',
            0,
            [...COMPANY, ...ADMIN],
            {
              'en-US': 'My workbench',
              'zh-TW': '我的工作台',
            },
          ),
        ],
      });
    },
  };
}
