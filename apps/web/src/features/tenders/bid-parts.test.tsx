import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TenderDetail } from '@portal/contracts/tenders';
import { initI18n } from '../../i18n/index';
import { ConfirmButton, LinesEditor } from './bid-parts';
import { draftsFor, type BidLineDraft } from './bid-rules';

beforeAll(async () => {
  await initI18n('zh-CN', ['tender', 'trade']);
});
afterEach(cleanup);

const line = (lineNo: number, goodsName: string) => ({
  lineNo,
  goodsName,
  specification: '',
  quantity: 10,
  unit: '吨',
  deliveryPlace: '天津',
  deliveryDate: '2026-12-01',
});
const tender = { currency: 'CNY', lines: [line(1, '尿素'), line(2, '磷酸二铵')] } as Pick<TenderDetail, 'currency' | 'lines'>;

/** The editor with its drafts kept as the bid form keeps them. */
function Editor({ start, fixedLines, seen }: { start: BidLineDraft[]; fixedLines?: boolean; seen: (d: BidLineDraft[]) => void }) {
  const [drafts, setDrafts] = useState(start);
  return (
    <LinesEditor
      tender={{ ...tender } as TenderDetail}
      drafts={drafts}
      fixedLines={fixedLines}
      onChange={(next) => {
        seen(next);
        setDrafts(next);
      }}
    />
  );
}

describe('the bid lines editor', { timeout: 30_000 }, () => {
  it('offers every tender line; a line not offered takes no price, quantity or date', () => {
    const seen = vi.fn();
    const start = [
      { lineNo: 1, offered: true },
      { lineNo: 2, offered: false },
    ];
    render(<Editor start={start} seen={seen} />);
    const second = () => screen.getAllByTestId('bid-line')[1]!;
    expect(screen.getAllByTestId('bid-line')).toHaveLength(2);
    expect(within(second()).getAllByRole('spinbutton')[0]!.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(second()).getByRole('checkbox'));
    expect(seen).toHaveBeenLastCalledWith([
      { lineNo: 1, offered: true },
      { lineNo: 2, offered: true },
    ]);
    expect(within(second()).getAllByRole('spinbutton')[0]!.hasAttribute('disabled')).toBe(false);
  });

  it('keeps the lines of the bid for a final quote: none can be added or dropped', () => {
    const drafts = draftsFor(tender.lines, { lines: [{ lineNo: 2, unitPrice: 12_345, quantity: 5, deliveryDate: '2026-12-03' }] });
    render(<Editor start={drafts} fixedLines seen={vi.fn()} />);
    const rows = screen.getAllByTestId('bid-line');
    expect(rows.map((r) => r.getAttribute('data-line'))).toEqual(['2']);
    expect(within(rows[0]!).queryByRole('checkbox')).toBeNull();
    expect((within(rows[0]!).getAllByRole('spinbutton')[0] as HTMLInputElement).value).toBe('123.45');
  });
});

describe('the confirm button', { timeout: 30_000 }, () => {
  it('asks only once the form is ready, and acts on the answer', async () => {
    const act = vi.fn(() => Promise.resolve());
    let ready = false;
    render(
      <ConfirmButton title="提交报价？" description="密封" okText="提交" busy={false} ready={() => ready} onConfirm={act} testId="go" />,
    );
    fireEvent.click(screen.getByTestId('go'));
    expect(screen.queryByText('提交报价？')).toBeNull();
    ready = true;
    fireEvent.click(screen.getByTestId('go'));
    expect(await screen.findByText('提交报价？')).toBeTruthy();
    const ok = screen.getAllByRole('button', { name: /提\s*交/ }).find((b) => b.getAttribute('data-testid') !== 'go')!;
    fireEvent.click(ok);
    expect(act).toHaveBeenCalledTimes(1);
  });
});
