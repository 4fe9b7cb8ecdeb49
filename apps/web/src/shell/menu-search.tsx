import { SearchOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuRoute } from './menus';
import { useShell } from './shell-context';
import { useThemeToken } from '../shared/use-theme-token';

/** The trail of a leaf without the leaf itself, e.g. "交易门户 / 交易大厅". */
export function trailText(route: MenuRoute): string {
  return route.trail
    .slice(0, -1)
    .map((n) => n.title)
    .join(' / ');
}

/** The search-select over menu leaves; each option has a favourite star. */
export function MenuSearch() {
  const { t } = useTranslation('shell');
  const { model, toggleFavourite, openRoute } = useShell();
  const token = useThemeToken();
  const options = model.leaves.map((route) => ({
    value: route.menu.id,
    label: route.menu.title,
    search: `${route.menu.title} ${trailText(route)} ${route.menu.url}`.toLowerCase(),
  }));
  return (
    <Select
      showSearch={{
        filterOption: (input, option) => (option?.search ?? '').includes(input.trim().toLowerCase()),
      }}
      value={null}
      placeholder={t('topBar.searchPlaceholder')}
      aria-label={t('topBar.search')}
      suffixIcon={<SearchOutlined />}
      className="shell-menu-search"
      popupMatchSelectWidth={300}
      options={options}
      notFoundContent={t('topBar.searchEmpty')}
      onSelect={(id: string | null) => {
        const route = id ? model.byId.get(id) : undefined;
        if (route) openRoute(route);
      }}
      optionRender={(option) => {
        const route = model.byId.get(String(option.value));
        if (!route) return option.label;
        const collected = route.menu.has_collect === '1';
        return (
          <div className="shell-search-option">
            <div className="shell-search-text">
              <span>{route.menu.title}</span>
              <small style={{ color: token.colorTextDescription }}>{trailText(route)}</small>
            </div>
            <button
              type="button"
              className="shell-star"
              aria-pressed={collected}
              aria-label={t(collected ? 'favorites.remove' : 'favorites.add', { title: route.menu.title })}
              title={t(collected ? 'favorites.remove' : 'favorites.add', { title: route.menu.title })}
              onMouseDown={(e) => e.preventDefault()}
              onClick={(e) => {
                e.stopPropagation();
                toggleFavourite(route);
              }}
            >
              {collected ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
            </button>
          </div>
        );
      }}
    />
  );
}
