import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListingItem } from '@portal/contracts/listings';
import { initI18n } from '../../i18n/index';
import { ListingCard } from './listing-card';

beforeAll(async () => {
  await initI18n('zh-CN', ['trading']);
});
afterEach(cleanup);

const item: ListingItem = {
  id: '7',
  tradeListingCode: 'GP0007',
  listingType: 'A',
  holdBs: 2,
  objState: 1,
  singlePrice: 215000,
  currency: 'CNY',
  surplusListingNum: 7640,
  objListingNum: 8000,
  objListingDay: 30,
  objPeriodDay: 15,
  objMinNum: 20,
  transportWay: 'B',
  paymentType: 2,
  userName: '河南中原沃丰化肥有限公司',
  userId: '7',
  marketCode: 'M02',
  varietyCode: 'UREA-AGRI-LARGE',
  varietyName: '大颗粒',
  picPath: '',
  publishTime: '2026-11-26T10:57:19.803Z',
  skuList: [{ goodsSkuName: '沃丰 大颗粒尿素 46%', varietyUnit: '吨' }],
};

const media = (shown: ListingItem) => {
  const { container } = render(
    <MemoryRouter>
      <ListingCard item={shown} />
    </MemoryRouter>,
  );
  return container.querySelector('.listing-card-media')!;
};

describe('a listing card', () => {
  it('shows the picture when the listing has one', () => {
    const box = media({ ...item, picPath: '/file/download?fileId=pic-1' });
    expect(box.querySelector('img')?.getAttribute('src')).toBe('/file/download?fileId=pic-1');
    expect(box.querySelector('.listing-card-media-empty')).toBeNull();
  });

  it('fills the picture space with the variety name when there is none, hidden from screen readers', () => {
    const box = media(item);
    expect(box.querySelector('img')).toBeNull();
    const empty = box.querySelector('.listing-card-media-empty')!;
    expect(empty.textContent).toBe('大颗粒');
    expect(empty.getAttribute('aria-hidden')).toBe('true');
    // The link still names the listing for those who cannot see the card.
    expect(box.getAttribute('aria-label')).toBe('沃丰 大颗粒尿素 46%');
  });
});
