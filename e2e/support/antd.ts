import { expect } from 'vitest';
import type { FrameLocator, Locator, Page } from 'playwright-core';

/** How the journeys find antd's parts on a page. */

/** antd puts a space between two CJK characters of a button: 保存 reads 保 存. */
export const button = (scope: Page | Locator, text: string) =>
  scope.getByRole('button', { name: new RegExp(`^(\\S+ )?${[...text].join('\\s?')}$`) });
/** The dialog on top (a confirmation opens over a form). */
export const topDialog = (page: Page) => page.locator('.ant-modal-wrap .ant-modal').filter({ visible: true }).last();
/** The table rows on screen (tabs kept alive hold other tables, hidden). */
export const visibleRows = (page: Page) => page.locator('tr.ant-table-row').filter({ visible: true });
/** The first row of the table on screen holding this text. */
export const row = (page: Page, text: string) => visibleRows(page).filter({ hasText: text }).first();
/** Picks an option of an antd select by its visible text. */
export async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/**
 * Presses OK on the confirmation on top once it has finished opening, as a person's eye waits for
 * it: clicks that landed while antd's zoom-in was still running were seen to be lost on a busy
 * machine. Returns the dialog, for a caller that waits for it to close.
 */
export async function pressConfirm(scope: Page | FrameLocator): Promise<Locator> {
  const dialog = await settled(scope.locator('.ant-modal-confirm').filter({ visible: true }).last());
  await dialog.locator('.ant-modal-confirm-btns .ant-btn-primary').click();
  return dialog;
}

/** The pop-up (a dialog, a popconfirm) once it is on screen and antd's opening motion has ended. */
export async function settled(popup: Locator): Promise<Locator> {
  await popup.waitFor();
  await expect.poll(() => popup.getAttribute('class'), { timeout: 20_000 }).not.toMatch(/-(appear|enter)/);
  return popup;
}
