import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleActions, rolesResource, type PermissionGroup, type RoleRow } from '@portal/contracts/admin';
import { roleName } from '@portal/contracts/reader';
import { call } from '../../api/client';
import { useLang } from '../../shared/use-lang';
import { ResourcePage } from '../../shared/resource/resource-page';
import { GROUP_KEY_PREFIX, treeOf, type TreeNode } from '../../shared/resource/tree';
import { formatTime } from './format';

/** The permissions the server's modules declare, as a tree: one heading per module, its codes under it. */
function permissionTree(groups: readonly PermissionGroup[]): TreeNode[] {
  return groups.map((group) => ({
    key: `${GROUP_KEY_PREFIX}${group.key}`,
    title: group.title,
    children: group.permissions.map((p) => ({ key: p.code, title: `${p.title} (${p.code})` })),
  }));
}

/** System management · roles: what each role may call (permission codes) and which menus it sees. */
export function RolesPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = useLang();
  const permissions = useQuery({
    queryKey: ['admin', 'permissionOptions', i18n.language],
    queryFn: () => call(roleActions.permissionOptions, { body: {} }),
  });
  const permissionNodes = useMemo(() => permissionTree(permissions.data?.groups ?? []), [permissions.data]);
  const menus = useQuery({
    queryKey: ['admin', 'menuOptions', i18n.language],
    queryFn: () => call(roleActions.menuOptions, { body: {} }),
  });
  const menuTree = useMemo(
    () =>
      treeOf(
        menus.data?.menus ?? [],
        (m) => m.parent_id,
        (m) => m.title,
      ),
    [menus.data],
  );
  const grants = [
    { name: 'permissions', label: t('roles.permissions'), kind: 'tree' as const, treeData: permissionNodes },
    { name: 'menuIds', label: t('roles.menus'), kind: 'tree' as const, treeData: menuTree, help: t('roles.menusHelp') },
  ];
  return (
    <ResourcePage<RoleRow>
      resource={rolesResource}
      noun={t('roles.noun')}
      formColumns={2}
      searchFields={[{ name: 'keyword', label: t('roles.keyword') }]}
      columns={[
        { title: t('roles.code'), dataIndex: 'code' },
        {
          title: t('roles.name'),
          dataIndex: 'name',
          render: (name: string, row) => (
            <>
              {roleName(name, lang)} {row.builtin && <Tag>{t('roles.builtin')}</Tag>}
            </>
          ),
        },
        { title: t('roles.permissionCount'), key: 'p', align: 'right', render: (_, row) => row.permissions.length },
        { title: t('roles.menuCount'), key: 'm', align: 'right', render: (_, row) => row.menuIds.length },
        { title: t('roles.userCount'), dataIndex: 'userCount', align: 'right' },
        { title: t('roles.createdAt'), dataIndex: 'created_at', className: 'tabular', render: (v: string) => formatTime(v) },
      ]}
      createFields={[
        { name: 'code', label: t('roles.code'), help: t('roles.codeHelp') },
        { name: 'name', label: t('roles.name') },
        ...grants,
      ]}
      editFields={[{ name: 'code', label: t('roles.code'), readOnlyOnEdit: true }, { name: 'name', label: t('roles.name') }, ...grants]}
      createDefaults={{ permissions: [], menuIds: [] }}
    />
  );
}
