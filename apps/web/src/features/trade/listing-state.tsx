import { Tag, Typography } from 'antd';
import { LISTING_TYPES, enumLabel } from '@portal/contracts/constants';
import type { ManagedListing } from '@portal/contracts/listing-manage';
import { LISTING_MANAGE_STATES } from '@portal/contracts/trade-constants';
import { useLang } from '../../shared/use-lang';

const STATE_COLORS: Record<number, string> = {
  0: 'default',
  4: 'processing',
  5: 'error',
  1: 'success',
  2: 'purple',
  3: 'default',
  6: 'warning',
  7: 'volcano',
};

/** A listing's state as a coloured tag. */
export function ListingStateTag({ state }: { state: number }) {
  const lang = useLang();
  return <Tag color={STATE_COLORS[state] ?? 'default'}>{enumLabel(LISTING_MANAGE_STATES, state, lang)}</Tag>;
}

/**
 * What an owner may do with its listing in each state, as the server allows it: edit a draft, a
 * rejected or pending one, or one on the market (which goes back to review); submit a draft or a
 * rejected one; withdraw one on sale. Withdrawn, expired and suspended listings are closed to it.
 */
export function ownerActions(state: number): { edit: boolean; submit: boolean; withdraw: boolean } {
  return {
    edit: [0, 4, 5, 1, 2].includes(state),
    submit: state === 0 || state === 5,
    withdraw: state === 1,
  };
}

/** A listing's goods in a list: the product's name, then its variety and listing type. */
export function ListingGoodsCell({ row }: { row: ManagedListing }) {
  const lang = useLang();
  return (
    <div>
      <div>{row.goodsSkuName}</div>
      <Typography.Text type="secondary">
        {row.varietyName} · {enumLabel(LISTING_TYPES, row.listingType, lang)}
      </Typography.Text>
    </div>
  );
}
