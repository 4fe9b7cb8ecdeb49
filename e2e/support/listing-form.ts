import type { Locator, Page } from 'playwright-core';
import { choose } from './antd';
import { picture } from './picture';

/**
 * Fills supplier01's new-listing dialog with every field of a margin listing in the fertiliser
 * market (Q5500, 10 % deposit, ￥2,500 a tonne, 100 t from 10 t in steps of 5 t, one picture).
 */
export async function fillMarginListing(page: Page, form: Locator, goods: string): Promise<void> {
  await form.getByLabel('品种').click();
  await page.keyboard.type('Q5500');
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: 'Q5500' }).first().click();
  await form.getByLabel('商品名称').fill(goods);
  await choose(page, form.getByLabel('交易市场'), '化肥挂牌市场');
  await form.getByLabel('保证金挂牌').check();
  await form.getByLabel('保证金比例').fill('10');
  await form.getByLabel('单价').fill('2500');
  await form.getByLabel('挂牌总量').fill('100');
  await form.getByLabel('起订量').fill('10');
  await form.getByLabel('递增量').fill('5');
  await form.getByLabel('挂牌天数').fill('30');
  await form.getByLabel('交收期（天）').fill('15');
  await form.getByLabel('汽车').check();
  await form.getByLabel('现汇').check();
  await form.getByLabel('交收地点').fill('天津港散货码头 3 号库');
  await page
    .getByTestId('listing-pictures-file')
    .setInputFiles({ name: 'urea.png', mimeType: 'image/png', buffer: picture(64, 48, [30, 120, 200]) });
  await form.locator('.ant-image').first().waitFor();
  await form.locator('[contenteditable="true"]').first().fill('氮含量 ≥ 46%，粒径 0.85-2.80 mm，50 kg 编织袋包装。');
}
