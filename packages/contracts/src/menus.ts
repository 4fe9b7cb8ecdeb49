import { z } from 'zod';
import { inputString } from './validation';
import type { Endpoint } from './endpoint';

/** The menu_type of a menu whose page opens in an embedded frame. */
export const MENU_TYPE_IFRAME = 'iframe';

/**
 * One node of the menu tree. Both spellings the specification
 * names are answered (`parent_id`/`parentId`, `hidden`/`isHidden`), so either reader works.
 */
export const menuNodeSchema = z
  .object({
    id: z.string(),
    parent_id: z.string(),
    parentId: z.string(),
    /** A stable name of the page; also the keep-alive key. */
    name: z.string(),
    /** The title in the caller's language. */
    title: z.string(),
    /** The title of the system (top menu) the node belongs to. */
    sysTitle: z.string(),
    url: z.string(),
    /** An Ant Design icon name, e.g. `ShopOutlined`. */
    icon: z.string(),
    hidden: z.boolean(),
    isHidden: z.boolean(),
    /** '' for a page of this app, `iframe` for an embedded frame. */
    menu_type: z.string(),
    /** JSON text handed to the page ('' for none). */
    menu_arg: z.string(),
    app_code: z.string(),
    kind_code: z.string(),
    system_code: z.string(),
    /** Comma-separated permission codes the page's actions need. */
    optRight: z.string(),
    otherPrefix: z.string(),
    newparam: z.string(),
    /** '1' keeps the page's state while its tab is in the background. */
    is_keep_alive: z.enum(['0', '1']),
    /** '1' when the signed-in user has the node among their favourites. */
    has_collect: z.enum(['0', '1']),
    style_type: z.string(),
    tempMenuTplId: z.string(),
    ext_field: z.string(),
    /** The ids from the top menu down to this node, joined with '/': what the menu search shows. */
    search_id: z.string(),
    get children(): z.ZodArray<typeof menuNodeSchema> {
      return z.array(menuNodeSchema);
    },
    // A tree refers to itself: named, the API reference describes it once and points to it.
  })
  .meta({ id: 'MenuNode' });
export type MenuNode = z.infer<typeof menuNodeSchema>;

export const menuCodeBodySchema = z.strictObject({
  /** The menu node's `id`. */
  menuCode: inputString().trim().min(1, { message: 'required' }).max(64, { message: 'tooLong' }),
});
export type MenuCodeBody = z.infer<typeof menuCodeBodySchema>;

export const menuEndpoints = {
  getMenuList: {
    method: 'GET',
    path: '/omc/api/user/get_menu_list',
    access: 'session',
    answer: z.array(menuNodeSchema),
    summary: "The signed-in user's menu tree, from their roles, with has_collect per node",
  },
  insertUserMenuFavorite: {
    method: 'POST',
    path: '/omc/insertUserMenuFavorite',
    access: 'session',
    body: menuCodeBodySchema,
    answer: z.null(),
    summary: 'Add a menu to the favourites of the signed-in user',
  },
  deleteByMenuCodeAndUserId: {
    method: 'POST',
    path: '/omc/deleteByMenuCodeAndUserId',
    access: 'session',
    body: menuCodeBodySchema,
    answer: z.null(),
    summary: 'Remove a menu from the favourites of the signed-in user',
  },
} as const satisfies Record<string, Endpoint>;
