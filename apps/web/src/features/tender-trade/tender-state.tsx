import { Tag, Typography } from 'antd';
import { enumLabel } from '@portal/contracts/constants';
import {
  TENDER_BID_STATE_LABELS,
  TENDER_MANAGE_STATES,
  TENDER_TYPE_LABELS,
  type TenderBidState,
  type TenderType,
} from '@portal/contracts/tender-trade';
import { useLang } from '../../shared/use-lang';

const STATE_COLORS: Record<number, string> = {
  0: 'default',
  1: 'processing',
  2: 'blue',
  3: 'orange',
  4: 'gold',
  5: 'purple',
  6: 'success',
  7: 'default',
};
const BID_COLORS: Record<TenderBidState, string> = {
  submitted: 'processing',
  withdrawn: 'default',
  opened: 'blue',
  valid: 'cyan',
  invalid: 'error',
  won: 'success',
  lost: 'default',
};

/** A tender's state as a coloured tag. */
export function TenderStateTag({ state }: { state: number }) {
  const lang = useLang();
  return (
    <Tag color={STATE_COLORS[state] ?? 'default'} data-testid="tender-state">
      {enumLabel(TENDER_MANAGE_STATES, state, lang)}
    </Tag>
  );
}

/** A bid's state as a coloured tag. */
export function BidStateTag({ state }: { state: TenderBidState }) {
  const lang = useLang();
  return (
    <Tag color={BID_COLORS[state]} data-testid="bid-state">
      {enumLabel(TENDER_BID_STATE_LABELS, state, lang)}
    </Tag>
  );
}

/** A tender's name over its type (and, for those who are not its buyer, the buyer's company). */
export function TenderNameCell({
  row,
  showBuyer,
}: {
  row: { tenderName: string; tenderType: TenderType; userName: string };
  showBuyer?: boolean;
}) {
  const lang = useLang();
  const type = enumLabel(TENDER_TYPE_LABELS, row.tenderType, lang);
  return (
    <div>
      <div>{row.tenderName}</div>
      <Typography.Text type="secondary">{showBuyer ? `${row.userName} · ${type}` : type}</Typography.Text>
    </div>
  );
}

/** A tender line as the tables name it: its number and goods. */
export const lineLabel = (lines: readonly { lineNo: number; goodsName: string }[], lineNo: number) =>
  `${lineNo}. ${lines.find((l) => l.lineNo === lineNo)?.goodsName ?? ''}`;
