import type { Kysely } from 'kysely';
import { SYSTEM_STATUS_PERMISSION } from '@portal/contracts/system-status';
import { applyReferenceData } from '../../../db/reference-data';

/** The system page's menu under 系统管理, and the permission its call needs, for the operators. */
export function systemStatusPage() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await applyReferenceData(db, {
        roles: [{ code: 'platform_admin', name: '平台管理员', permissions: [SYSTEM_STATUS_PERMISSION] }],
        menus: [
          {
            id: 'system-status',
            parent_id: 'system',
            name: 'systemStatus',
            title: '系统状态',
            url: '/admin/system-status',
            icon: 'ClusterOutlined',
            menu_type: '',
            system_code: 'omc',
            app_code: 'omc',
            sort: 8,
            keep_alive: 1,
            menu_arg: '',
            roles: ['platform_admin'],
            titles: { 'en-US': 'System status', 'zh-TW': '系統狀態' },
          },
        ],
      });
    },
  };
}
