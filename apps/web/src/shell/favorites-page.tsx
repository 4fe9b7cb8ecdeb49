import { StarFilled } from '@ant-design/icons';
import { Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenuArg } from '../shared/menu-arg';
import { MenuIcon } from './menu-icons';
import type { MenuRoute } from './menus';
import { trailText } from './menu-search';
import { useShell } from './shell-context';

/** 我的收藏: the favourites of each group, opened or removed from here. */
export function FavoritesPage() {
  const { t } = useTranslation('shell');
  const { model, openRoute, toggleFavourite } = useShell();
  // menu_arg {"groupBy":"system"} lists one table per group; otherwise one table.
  const grouped = useMenuArg().groupBy === 'system';
  const groups = [...model.collections.entries()];
  const titleOf = (id: string) => model.tops.find((top) => top.id === id)?.title ?? t('favorites.ungrouped');
  const table = (routes: MenuRoute[]) => (
    <Table<MenuRoute>
      rowKey={(r) => r.menu.id}
      size="middle"
      pagination={false}
      dataSource={routes}
      locale={{ emptyText: <Empty description={t('favorites.empty')} /> }}
      columns={[
        {
          title: t('favorites.menu'),
          key: 'title',
          render: (_v, r) => (
            <Space>
              <MenuIcon name={r.menu.icon} />
              <Button type="link" style={{ padding: 0 }} onClick={() => openRoute(r)}>
                {r.menu.title}
              </Button>
            </Space>
          ),
        },
        { title: t('favorites.path'), key: 'trail', render: (_v, r) => <Typography.Text type="secondary">{trailText(r)}</Typography.Text> },
        {
          title: t('favorites.kind'),
          key: 'kind',
          render: (_v, r) => (
            <Tag color={r.kind === 'iframe' ? 'blue' : 'green'}>
              {t(r.kind === 'iframe' ? 'favorites.kindFrame' : 'favorites.kindPage')}
            </Tag>
          ),
        },
        {
          title: t('favorites.actions'),
          key: 'actions',
          align: 'right',
          render: (_v, r) => (
            <Button
              type="text"
              icon={<StarFilled />}
              onClick={() => toggleFavourite(r)}
              aria-label={t('favorites.remove', { title: r.menu.title })}
            >
              {t('favorites.unstar')}
            </Button>
          ),
        },
      ]}
    />
  );
  return (
    <Card title={t('favorites.title')} extra={<Typography.Text type="secondary">{t('favorites.hint')}</Typography.Text>}>
      {groups.length === 0 ? (
        <Empty description={t('favorites.emptyHint')} />
      ) : grouped ? (
        groups.map(([id, routes]) => (
          <section key={id} className="shell-fav-group" aria-label={titleOf(id)}>
            <Typography.Title level={5}>{titleOf(id)}</Typography.Title>
            {table(routes)}
          </section>
        ))
      ) : (
        table(groups.flatMap(([, routes]) => routes))
      )}
    </Card>
  );
}
