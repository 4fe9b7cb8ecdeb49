import { describe, expect, it } from 'vitest';
import { bidProblems, bidTotal, biddingOpen, draftsFor, toBidLines } from './bid-rules';

const LINES = [
  { lineNo: 1, quantity: 100, deliveryDate: '2026-12-01' },
  { lineNo: 2, quantity: 2.5, deliveryDate: '2026-12-15' },
];

describe('bidProblems', () => {
  it('needs one offered line at least', () => {
    expect(
      bidProblems(
        draftsFor(LINES).map((d) => ({ ...d, offered: false })),
        LINES,
      ),
    ).toEqual([{ kind: 'noLine' }]);
  });
  it('checks only the offered lines: price, quantity within the line, three decimals, a calendar date', () => {
    const drafts = [
      { lineNo: 1, offered: true, unitPrice: '0', quantity: 100.5, deliveryDate: '2026-13-01' },
      { lineNo: 2, offered: true, unitPrice: '12.345', quantity: 1.0005, deliveryDate: '2026-12-15' },
    ];
    expect(bidProblems(drafts, LINES)).toEqual([
      { kind: 'price', lineNo: 1 },
      { kind: 'aboveLine', lineNo: 1, max: 100 },
      { kind: 'date', lineNo: 1 },
      { kind: 'price', lineNo: 2 },
      { kind: 'decimals', lineNo: 2 },
    ]);
    expect(
      bidProblems(
        [
          { ...drafts[0]!, offered: false },
          { lineNo: 2, offered: true, unitPrice: '8', quantity: 2.5, deliveryDate: '2026-12-20' },
        ],
        LINES,
      ),
    ).toEqual([]);
  });
  it('refuses a final quote above the first price of its line', () => {
    const drafts = [{ lineNo: 1, offered: true, unitPrice: '2,500.01', quantity: 100, deliveryDate: '2026-12-01' }];
    expect(bidProblems(drafts, LINES, new Map([[1, 250_000]]))).toEqual([{ kind: 'aboveFirst', lineNo: 1, first: 250_000 }]);
    expect(bidProblems([{ ...drafts[0]!, unitPrice: '2500' }], LINES, new Map([[1, 250_000]]))).toEqual([]);
  });
});

describe('draftsFor and toBidLines', () => {
  it('starts a new bid with every line in full, and a revision from the bid as sent', () => {
    expect(draftsFor(LINES)[1]).toEqual({ lineNo: 2, offered: true, unitPrice: null, quantity: 2.5, deliveryDate: '2026-12-15' });
    const revision = draftsFor(LINES, { lines: [{ lineNo: 2, unitPrice: 123_456, quantity: 2, deliveryDate: '2026-12-10' }] });
    expect(revision).toEqual([
      { lineNo: 1, offered: false, unitPrice: null, quantity: 100, deliveryDate: '2026-12-01' },
      { lineNo: 2, offered: true, unitPrice: '1234.56', quantity: 2, deliveryDate: '2026-12-10' },
    ]);
    expect(toBidLines(revision)).toEqual([{ lineNo: 2, unitPrice: 123_456, quantity: 2, deliveryDate: '2026-12-10' }]);
  });
  it('totals price × quantity in cents without float drift', () => {
    expect(bidTotal([{ lineNo: 1, offered: true, unitPrice: '0.29', quantity: 3, deliveryDate: '' }])).toBe(87);
    expect(bidTotal([{ lineNo: 1, offered: false, unitPrice: '5', quantity: 3, deliveryDate: '' }])).toBe(0);
  });
});

describe('biddingOpen', () => {
  it('is open on a published tender between begin and end by the server clock', () => {
    const begin = '2026-11-25T10:00:00Z';
    const end = '2026-11-25T10:02:00Z';
    expect(biddingOpen(2, begin, end, Date.parse('2026-11-25T10:01:59Z'))).toBe(true);
    expect(biddingOpen(2, begin, end, Date.parse(end))).toBe(false);
    expect(biddingOpen(2, begin, end, Date.parse('2026-11-25T09:59:59Z'))).toBe(false);
    expect(biddingOpen(3, begin, end, Date.parse('2026-11-25T10:01:00Z'))).toBe(false);
  });
});
