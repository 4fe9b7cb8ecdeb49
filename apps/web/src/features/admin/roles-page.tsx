import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSION_GROUPS, roleActions, rolesResource, type RoleRow } from '@portal/contracts/admin';
import { call } from '../../api/client';
import { ResourcePage } from '../../shared/resource/resource-page';
import { GROUP_KEY_PREFIX, treeOf, type TreeNode } from '../../shared/resource/tree';
import { formatTime } from './format';

/** The permission catalogue as a tree: one heading per area, the codes under it. */
export function usePermissionTree(): TreeNode[] {
  const { t, i18n } = useTranslation('admin');
  const nameOf = (code: string) => {
    // i18next reads ':' as a namespace separator, so `user:edit` is kept as codes.user.edit.
    const key = `permissions.codes.${code.replace(/:/g, '.')}`;
    return i18n.exists(key, { ns: 'admin' }) ? t(key) : code;
  };
  return PERMISSION_GROUPS.map((group) => ({
    key: `${GROUP_KEY_PREFIX}${group.key}`,
    title: t(`permissions.groups.${group.key}`),
    children: group.codes.map((code) => ({ key: code, title: `${nameOf(code)} (${code})` })),
  }));
}

/** System management · roles: what each role may call (permission codes) and which menus it sees. */
export function RolesPage() {
  const { t, i18n } = useTranslation('admin');
  const permissionTree = usePermissionTree();
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
    { name: 'permissions', label: t('roles.permissions'), kind: 'tree' as const, treeData: permissionTree },
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
              {name} {row.builtin && <Tag>{t('roles.builtin')}</Tag>}
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
