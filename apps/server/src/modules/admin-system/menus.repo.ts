import type { MenuRow } from '@portal/contracts/admin';
import type { Db } from '../../db/database';
import { pageAndTotal } from '../../platform/table-repo';
import { contains, type ResourceRepo } from '../../platform/resource';

export interface MenuFilters {
  keyword?: string;
}
export interface MenuValues {
  parent_id: string;
  name: string;
  title: string;
  titleEn?: string;
  titleTw?: string;
  sysTitle?: string;
  url?: string;
  icon?: string;
  hidden: boolean;
  menu_type: '' | 'iframe';
  menu_arg?: string;
  app_code?: string;
  kind_code?: string;
  system_code?: string;
  optRight?: string;
  otherPrefix?: string;
  newparam?: string;
  keepAlive: boolean;
  style_type?: string;
  tempMenuTplId?: string;
  ext_field?: string;
  sort: number;
}
export type NewMenu = MenuValues & { id: string };

/** The languages whose menu titles live beside the zh-CN source title. */
const TITLE_LANGS = [
  ['en-US', 'titleEn'],
  ['zh-TW', 'titleTw'],
] as const;

/** The menu tree the shell is built from: every field of the menu node, titles in three languages. */
export function createMenusAdminRepo(db: Db): ResourceRepo<MenuRow, MenuFilters, NewMenu, MenuValues> {
  const filtered = (f: MenuFilters) => {
    let q = db.selectFrom('menus');
    if (f.keyword) {
      const k = f.keyword;
      q = q.where((eb) =>
        eb.or([contains('menus.id', k), contains('menus.name', k), contains('menus.title', k), contains('menus.url', k)]),
      );
    }
    return q;
  };
  const children = db
    .selectFrom('menus as c')
    .select((eb) => ['c.parent_id', eb.fn.countAll<number>().as('n')])
    .groupBy('c.parent_id')
    .as('cc');
  const withCounts = (q: ReturnType<typeof filtered>) => q.leftJoin(children, 'cc.parent_id', 'menus.id').selectAll('menus').select('cc.n');
  type Raw = Awaited<ReturnType<ReturnType<typeof withCounts>['execute']>>[number];

  async function toRows(raws: Raw[]): Promise<MenuRow[]> {
    if (raws.length === 0) return [];
    const titles = await db
      .selectFrom('menu_titles')
      .select(['menu_id', 'lang', 'title'])
      .where(
        'menu_id',
        'in',
        raws.map((r) => r.id),
      )
      .execute();
    const titleOf = (id: string, lang: string) => titles.find((t) => t.menu_id === id && t.lang === lang)?.title ?? '';
    return raws.map((r) => ({
      id: r.id,
      parent_id: r.parent_id,
      name: r.name,
      title: r.title,
      titleEn: titleOf(r.id, 'en-US'),
      titleTw: titleOf(r.id, 'zh-TW'),
      sysTitle: r.sys_title,
      url: r.url,
      icon: r.icon,
      hidden: r.hidden === 1,
      menu_type: r.menu_type,
      menu_arg: r.menu_arg,
      app_code: r.app_code,
      kind_code: r.kind_code,
      system_code: r.system_code,
      optRight: r.opt_right,
      otherPrefix: r.other_prefix,
      newparam: r.newparam,
      keepAlive: r.keep_alive === 1,
      style_type: r.style_type,
      tempMenuTplId: r.temp_menu_tpl_id,
      ext_field: r.ext_field,
      sort: r.sort,
      childCount: Number(r.n ?? 0),
    }));
  }

  const columnsOf = (v: MenuValues) => ({
    parent_id: v.parent_id,
    name: v.name,
    title: v.title,
    sys_title: v.sysTitle ?? '',
    url: v.url ?? '',
    icon: v.icon ?? '',
    hidden: v.hidden ? 1 : 0,
    menu_type: v.menu_type,
    menu_arg: v.menu_arg ?? '',
    app_code: v.app_code ?? '',
    kind_code: v.kind_code ?? '',
    system_code: v.system_code ?? '',
    opt_right: (v.optRight ?? '').replace(/\s+/g, ''),
    other_prefix: v.otherPrefix ?? '',
    newparam: v.newparam ?? '',
    keep_alive: v.keepAlive ? 1 : 0,
    style_type: v.style_type ?? '',
    temp_menu_tpl_id: v.tempMenuTplId ?? '',
    ext_field: v.ext_field ?? '',
    sort: v.sort,
  });

  async function setTitles(menuId: string, v: MenuValues): Promise<void> {
    await db.deleteFrom('menu_titles').where('menu_id', '=', menuId).execute();
    const rows = TITLE_LANGS.filter(([, key]) => v[key]).map(([lang, key]) => ({ menu_id: menuId, lang, title: v[key]! }));
    if (rows.length > 0) await db.insertInto('menu_titles').values(rows).execute();
  }

  return {
    async page(f, pageNo, pageSize) {
      const menus = withCounts(filtered(f)).orderBy('menus.sort').orderBy('menus.id');
      const { rows, total } = await pageAndTotal(menus, filtered(f), pageNo, pageSize);
      return { rows: await toRows(rows), total };
    },
    async get(id) {
      const raw = await withCounts(db.selectFrom('menus')).where('menus.id', '=', id).executeTakeFirst();
      return raw ? (await toRows([raw]))[0] : undefined;
    },
    async insert(v) {
      await db
        .insertInto('menus')
        .values({ id: v.id, ...columnsOf(v) })
        .execute();
      await setTitles(v.id, v);
      return v.id;
    },
    async update(id, v) {
      await db.updateTable('menus').set(columnsOf(v)).where('id', '=', id).execute();
      await setTitles(id, v);
    },
    async remove(id) {
      await db.deleteFrom('menu_titles').where('menu_id', '=', id).execute();
      await db.deleteFrom('menu_favorites').where('menu_id', '=', id).execute();
      await db.deleteFrom('role_menus').where('menu_id', '=', id).execute();
      await db.deleteFrom('menus').where('id', '=', id).execute();
    },
  };
}

/** The parent links of every menu (cycle and existence checks). */
export async function menuParents(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('menus').select(['id', 'parent_id']).execute();
  return new Map(rows.map((r) => [r.id, r.parent_id]));
}
