import { Tag } from 'antd';
import { LISTING_MANAGE_STATES, enumLabel } from '@portal/contracts/constants';
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

/** What an owner may do with its listing in each state (the server refuses anything else). */
export function ownerActions(state: number): { edit: boolean; submit: boolean; withdraw: boolean } {
  return {
    edit: state === 0 || state === 5 || state === 1 || state === 7,
    submit: state === 0 || state === 5,
    withdraw: state === 1,
  };
}
