import type { DepositEntryKind } from '@portal/contracts/deposits';

/** Money that moves in (credit, release back to available) is shown with +, out with -. */
export const KIND_SIGN: Record<DepositEntryKind, '+' | '-'> = {
  credit: '+',
  debit: '-',
  freeze: '-',
  release: '+',
  forfeit: '-',
};

/** antd tag colours per ledger kind. */
export const KIND_COLOR: Record<DepositEntryKind, string> = {
  credit: 'green',
  debit: 'orange',
  freeze: 'blue',
  release: 'cyan',
  forfeit: 'red',
};
