import type { Lang } from '@portal/contracts/i18n';
import type { MenuNode } from '@portal/contracts/menus';
import { AppError } from '../../platform/errors';
import type { MenusRepo } from './menus.repo';

interface MenusDeps {
  repo: MenusRepo;
  now: () => Date;
}

type MenuRow = Awaited<ReturnType<MenusRepo['listGranted']>>[number];

/** The signed-in user's menu tree and favourites. */
export function createMenusService({ repo, now }: MenusDeps) {
  function toNode(row: MenuRow, title: string, favourite: boolean): MenuNode {
    const hidden = row.hidden === 1;
    return {
      id: row.id,
      parent_id: row.parent_id,
      parentId: row.parent_id,
      name: row.name,
      title,
      sysTitle: row.sys_title,
      url: row.url,
      icon: row.icon,
      hidden,
      isHidden: hidden,
      menu_type: row.menu_type,
      menu_arg: row.menu_arg,
      app_code: row.app_code,
      kind_code: row.kind_code,
      system_code: row.system_code,
      optRight: row.opt_right,
      otherPrefix: row.other_prefix,
      newparam: row.newparam,
      is_keep_alive: row.keep_alive === 1 ? '1' : '0',
      has_collect: favourite ? '1' : '0',
      style_type: row.style_type,
      tempMenuTplId: row.temp_menu_tpl_id,
      ext_field: row.ext_field,
      search_id: '',
      children: [],
    };
  }

  /** A favourite must name a menu the user may open: 404 when unknown, 403 when no role grants it. */
  async function assertGranted(userId: number, menuId: string): Promise<void> {
    if (!(await repo.find(menuId))) throw new AppError('NOT_FOUND');
    if (!(await repo.isGranted(userId, menuId))) throw new AppError('NO_RIGHT');
  }

  return {
    /**
     * The tree of the menus the user's roles grant. A node whose parent is not granted becomes a
     * root of the answer; the browser decides which roots are top menus (MENUS_ROOT_NAME).
     */
    async menuTree(userId: number, lang: Lang): Promise<MenuNode[]> {
      const [rows, titles, favourites] = await Promise.all([
        repo.listGranted(userId),
        lang === 'zh-CN' ? Promise.resolve(new Map<string, string>()) : repo.titles(lang),
        repo.favouriteIds(userId),
      ]);
      const nodes = new Map(rows.map((row) => [row.id, toNode(row, titles.get(row.id) ?? row.title, favourites.has(row.id))]));
      const roots: MenuNode[] = [];
      for (const node of nodes.values()) {
        const parent = node.parent_id !== node.id ? nodes.get(node.parent_id) : undefined;
        (parent ? parent.children : roots).push(node);
      }
      // Walking down from the roots also drops nodes caught in a parent cycle, which no root reaches.
      const stamp = (node: MenuNode, path: string, sysTitle: string) => {
        node.search_id = path ? `${path}/${node.id}` : node.id;
        node.sysTitle = node.sysTitle || sysTitle;
        for (const child of node.children) stamp(child, node.search_id, node.sysTitle);
      };
      for (const root of roots) stamp(root, '', root.title);
      return roots;
    },

    async addFavourite(userId: number, menuId: string): Promise<void> {
      await assertGranted(userId, menuId);
      await repo.addFavourite(userId, menuId, now().toISOString());
    },

    async removeFavourite(userId: number, menuId: string): Promise<void> {
      if (!(await repo.find(menuId))) throw new AppError('NOT_FOUND');
      await repo.removeFavourite(userId, menuId);
    },
  };
}
export type MenusService = ReturnType<typeof createMenusService>;
