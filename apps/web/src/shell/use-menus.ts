import { useQuery, useQueryClient } from '@tanstack/react-query';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@portal/contracts/menus';
import { menuRoutes } from '@portal/contracts/routes/menus';
import { ApiError, call } from '../api/client';
import { useFeedback } from '../shared/feedback';
import { withCollect, type MenuRoute } from './menus';

export const MENUS_KEY = ['menus'] as const;

/** The cached tree (session storage `menus`), shown at once while the fresh one loads. */
function cachedMenus(): MenuNode[] | undefined {
  try {
    const raw = JSON.parse(sessionStorage.getItem('menus') ?? 'null') as { lang?: string; tree?: MenuNode[] } | null;
    // Titles are in the language of the call; a cache from before a language switch is not shown.
    return raw?.lang === i18next.language && Array.isArray(raw.tree) ? raw.tree : undefined;
  } catch {
    return undefined;
  }
}

function cacheMenus(tree: MenuNode[]): void {
  sessionStorage.setItem('menus', JSON.stringify({ lang: i18next.language, tree }));
}

/** The signed-in user's menu tree from get_menu_list, cached in session storage. */
export function useMenuTree() {
  return useQuery({
    queryKey: MENUS_KEY,
    queryFn: async () => {
      const tree = await call(menuRoutes.getMenuList);
      cacheMenus(tree);
      return tree;
    },
    placeholderData: cachedMenus,
    staleTime: Infinity,
    retry: false,
  });
}

/** Toggles has_collect optimistically; on failure the star reverts and a network failure says so. */
export function useFavouriteToggle() {
  const client = useQueryClient();
  const { message } = useFeedback();
  const { t } = useTranslation('shell');
  return async (route: MenuRoute) => {
    const collected = route.menu.has_collect !== '1';
    const set = (value: boolean) =>
      client.setQueryData<MenuNode[]>(MENUS_KEY, (tree) => {
        const next = tree ? withCollect(tree, route.menu.id, value) : tree;
        if (next) cacheMenus(next);
        return next;
      });
    set(collected);
    try {
      const body = { menuCode: route.menu.id };
      await (collected ? call(menuRoutes.insertUserMenuFavorite, { body }) : call(menuRoutes.deleteByMenuCodeAndUserId, { body }));
      message.success({ content: t(collected ? 'favorites.added' : 'favorites.removed', { title: route.menu.title }), key: 'favourite' });
    } catch (err) {
      set(!collected);
      if (err instanceof ApiError && err.code === 'network') message.error({ content: t('favorites.netError'), key: 'favourite' });
    }
  };
}
