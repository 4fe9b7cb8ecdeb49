import { amountOf, centsOf, hasAtMostThreeDecimals, toMilli } from '@portal/contracts/quantity';

/** A tender line as the bid form needs it. */
export interface BidTenderLine {
  lineNo: number;
  quantity: number;
  deliveryDate: string;
}

/** One row of the bid form: whether the supplier offers the line, and its terms as typed. */
export interface BidLineDraft {
  lineNo: number;
  offered: boolean;
  /** In currency units as typed ("1,234.50"); sent as cents. */
  unitPrice?: string | null;
  quantity?: number | null;
  deliveryDate?: string | null;
}

export type BidProblem =
  | { kind: 'noLine' }
  | { kind: 'price'; lineNo: number }
  | { kind: 'quantity'; lineNo: number }
  | { kind: 'decimals'; lineNo: number }
  | { kind: 'aboveLine'; lineNo: number; max: number }
  | { kind: 'date'; lineNo: number }
  | { kind: 'aboveFirst'; lineNo: number; first: number };

const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * What stops a sealed bid from being sent, as the server would refuse it: at least one line
 * offered; each offered line with a positive price in cents, a positive quantity of at most three
 * decimals and no more than the line asks, and a calendar delivery date. A final quote (inquiry
 * negotiation) also may not raise a line's price above the first bid's.
 */
export function bidProblems(
  drafts: readonly BidLineDraft[],
  lines: readonly BidTenderLine[],
  firstPrices?: ReadonlyMap<number, number>,
): BidProblem[] {
  const offered = drafts.filter((d) => d.offered);
  if (offered.length === 0) return [{ kind: 'noLine' }];
  const problems: BidProblem[] = [];
  for (const draft of offered) {
    const line = lines.find((l) => l.lineNo === draft.lineNo);
    const price = centsOf(draft.unitPrice);
    const { lineNo } = draft;
    if (!price) problems.push({ kind: 'price', lineNo });
    else if (firstPrices?.has(lineNo) && price > firstPrices.get(lineNo)!) {
      problems.push({ kind: 'aboveFirst', lineNo, first: firstPrices.get(lineNo)! });
    }
    const quantity = draft.quantity;
    if (quantity === null || quantity === undefined || !(quantity > 0)) problems.push({ kind: 'quantity', lineNo });
    else if (!hasAtMostThreeDecimals(quantity)) problems.push({ kind: 'decimals', lineNo });
    else if (line && toMilli(quantity) > toMilli(line.quantity)) problems.push({ kind: 'aboveLine', lineNo, max: line.quantity });
    if (!draft.deliveryDate || !DATE.test(draft.deliveryDate)) problems.push({ kind: 'date', lineNo });
  }
  return problems;
}

/** The offered lines as the wire takes them (call only when `bidProblems` found none). */
export function toBidLines(drafts: readonly BidLineDraft[]) {
  return drafts
    .filter((d) => d.offered)
    .map((d) => ({ lineNo: d.lineNo, unitPrice: centsOf(d.unitPrice)!, quantity: d.quantity!, deliveryDate: d.deliveryDate! }));
}

/** The form's rows: the supplier's bid when it has one, else every line offered in full at the asked date. */
export function draftsFor(
  lines: readonly BidTenderLine[],
  bid?: { lines: readonly { lineNo: number; unitPrice: number; quantity: number; deliveryDate: string }[] } | null,
): BidLineDraft[] {
  return lines.map((line) => {
    const mine = bid?.lines.find((l) => l.lineNo === line.lineNo);
    if (mine) {
      return {
        lineNo: line.lineNo,
        offered: true,
        unitPrice: (mine.unitPrice / 100).toFixed(2),
        quantity: mine.quantity,
        deliveryDate: mine.deliveryDate,
      };
    }
    return { lineNo: line.lineNo, offered: !bid, unitPrice: null, quantity: line.quantity, deliveryDate: line.deliveryDate };
  });
}

/** The total of the offered lines in cents (price × quantity, rounded per line as the server does). */
export function bidTotal(drafts: readonly BidLineDraft[]): number {
  return drafts.filter((d) => d.offered).reduce((sum, d) => sum + amountOf(centsOf(d.unitPrice) ?? 0, toMilli(d.quantity ?? 0)), 0);
}

/** A bid is taken, revised and withdrawn only while the tender is published and before its end by the server's clock. */
export function biddingOpen(objState: number, bidBeginTime: string, bidEndTime: string, serverNow: number): boolean {
  return objState === 2 && serverNow >= Date.parse(bidBeginTime) && serverNow < Date.parse(bidEndTime);
}
