import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { DEMO_MENU_TITLES } from './accounts';

/** The menus' titles in en-US and zh-TW (the menus themselves are seeded with the roles). */
export async function loadMenuTitles(trx: Transaction<Database>): Promise<void> {
  const rows = Object.entries(DEMO_MENU_TITLES).flatMap(([menu_id, titles]) =>
    Object.entries(titles).map(([lang, title]) => ({ menu_id, lang, title })),
  );
  await trx.insertInto('menu_titles').values(rows).execute();
}
