import type { MenuRow } from '@portal/contracts/admin';
import type { Db } from '../../db/database';
import { AppError } from '../../platform/errors';
import { fieldError, type ResourceRules } from '../../platform/resource';
import { menuParents, type MenuValues, type NewMenu } from './menus.repo';

/**
 * Menu ids are unique; a parent is the root name or an existing menu that is not the menu itself or
 * below it; an iframe menu has an address; a menu with children is not deleted.
 */
export function menuRules(rootName: string): ResourceRules<MenuRow, NewMenu, MenuValues> {
  async function checkParent(db: Db, v: MenuValues, self?: string): Promise<void> {
    if (v.menu_type === 'iframe' && !v.url) throw fieldError('url', 'required');
    if (v.parent_id === rootName) return;
    const parents = await menuParents(db);
    if (!parents.has(v.parent_id)) throw fieldError('parent_id', 'invalidValue');
    // Walking up from the new parent must never meet the menu itself.
    const seen = new Set<string>();
    for (let at: string | undefined = v.parent_id; at !== undefined && !seen.has(at); at = parents.get(at)) {
      if (at === self) throw fieldError('parent_id', 'invalidValue');
      seen.add(at);
    }
  }
  return {
    async beforeCreate(values, db) {
      if (values.id === rootName || (await menuParents(db)).has(values.id)) throw new AppError('CODE_EXISTS');
      await checkParent(db, values);
    },
    async beforeUpdate(before, values, db) {
      await checkParent(db, values, before.id);
    },
    async beforeRemove(before) {
      if (before.childCount > 0) throw new AppError('HAS_CHILDREN');
    },
  };
}
