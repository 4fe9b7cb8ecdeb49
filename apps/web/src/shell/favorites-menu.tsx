import { StarOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useShell } from './shell-context';

/** The top bar's favourites: the collection list of each group (top menu). */
export function FavoritesMenu() {
  const { t } = useTranslation('shell');
  const { model, openRoute } = useShell();
  const groups = [...model.collections.entries()];
  const titleOf = (groupId: string) => model.tops.find((top) => top.id === groupId)?.title ?? t('favorites.ungrouped');
  const items: MenuProps['items'] =
    groups.length === 0
      ? [{ key: 'empty', label: t('favorites.empty'), disabled: true }]
      : groups.map(([groupId, routes]) => ({
          key: `group:${groupId}`,
          type: 'group' as const,
          label: titleOf(groupId),
          children: routes.map((route) => ({ key: route.menu.id, label: route.menu.title })),
        }));
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          const route = model.byId.get(key);
          if (route) openRoute(route);
        },
      }}
    >
      <Button
        type="text"
        className="shell-on-dark"
        icon={<StarOutlined />}
        aria-label={t('favorites.title')}
        title={t('favorites.title')}
        data-testid="favorites-menu"
      />
    </Dropdown>
  );
}
