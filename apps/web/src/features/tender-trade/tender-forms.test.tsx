import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TenderBid } from '@portal/contracts/tender-trade';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls } from '../../test/fake-server';
import { AwardForm } from './award-form';
import { EvaluationForm } from './evaluation-form';

beforeAll(async () => {
  await initI18n('zh-CN', ['tender', 'trade']);
});
afterEach(cleanup);

function show(node: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <FeedbackProvider>{node}</FeedbackProvider>
    </QueryClientProvider>,
  );
}

const bid = (
  bidId: string,
  supplierName: string,
  total: number,
  lines: [number, number, number][],
  rank: number | null = null,
): TenderBid => ({
  bidId,
  tenderId: '7',
  supplierUserId: `u${bidId}`,
  supplierName,
  version: 1,
  state: rank === null ? 'opened' : 'valid',
  invalidReason: '',
  lines: lines.map(([lineNo, unitPrice, quantity]) => ({ lineNo, unitPrice, quantity, deliveryDate: '2026-12-01' })),
  remark: '',
  fileIds: [],
  total,
  rank,
  score: null,
  receipt: { digest: 'd', time: '2026-11-25T10:00:00.000Z' },
  updatedAt: '2026-11-25T10:00:00.000Z',
});
const tender = { id: '7', currency: 'CNY', evaluationMethod: 'scoring' as const, priceWeight: 60, minValidBids: 2 };
const evaluated = () => ({ data: { objState: 4 } });
/** The OK button of the confirmation on top. */
const confirmOk = async () => {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getAllByRole('button').at(-1)!);
};

// antd's tables and selects render slowly on a busy machine: each case allows 40 s.
describe('evaluation form', { timeout: 40_000 }, () => {
  const bids = [bid('1', '甲公司', 100_000, [[1, 1000, 100]]), bid('2', '乙公司', 125_000, [[1, 1250, 100]])];

  it('asks a technical score per valid bid and a reason per invalid one before sending anything', async () => {
    const calls = answerCalls({ '/purchase/ws/tender/evaluate': evaluated() });
    show(<EvaluationForm tender={tender} bids={bids} />);
    fireEvent.click(screen.getByTestId('evaluation-submit'));
    expect(await screen.findAllByText('请填写 0-100 的技术分')).toHaveLength(2);
    fireEvent.click(within(screen.getByRole('radiogroup', { name: '乙公司 的投标是否有效' })).getByLabelText('无效'));
    expect(screen.getByText('无效投标须填写原因')).toBeTruthy();
    // One valid bid left of the two the tender needs: the form warns that it fails the tender.
    expect(screen.getAllByText('有效投标少于 2 份，提交后本次招标将流标。').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('previews the ranks from price and technical scores and sends the decisions', async () => {
    const calls = answerCalls({ '/purchase/ws/tender/evaluate': evaluated() });
    show(<EvaluationForm tender={tender} bids={bids} />);
    fireEvent.change(screen.getByLabelText('甲公司 的技术分'), { target: { value: '50' } });
    fireEvent.change(screen.getByLabelText('乙公司 的技术分'), { target: { value: '100' } });
    // 甲: 100×0.6 + 50×0.4 = 80; 乙: 80×0.6 + 100×0.4 = 88: the dearer bid ranks first.
    await waitFor(() => expect(screen.getAllByTestId('preview-rank').map((e) => e.textContent)).toEqual(['2', '1']));
    fireEvent.click(screen.getByTestId('evaluation-submit'));
    await confirmOk();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      id: '7',
      bids: [
        { bidId: '1', valid: true, technicalScore: 50 },
        { bidId: '2', valid: true, technicalScore: 100 },
      ],
    });
  });
});

describe('award form', { timeout: 40_000 }, () => {
  const lines = [
    { lineNo: 1, goodsName: '尿素', specification: '', quantity: 100, unit: '吨', deliveryPlace: '', deliveryDate: '2026-12-01' },
  ];
  const bids = [bid('1', '甲公司', 60_000, [[1, 1000, 60]], 1), bid('2', '乙公司', 110_000, [[1, 1100, 100]], 2)];

  it('starts from the best bid and refuses a split above the line until it fits', async () => {
    const calls = answerCalls({ '/purchase/ws/tender/award': { data: { objState: 6 } } });
    show(<AwardForm tender={{ id: '7', currency: 'CNY', lines }} bids={bids} />);
    expect((screen.getByLabelText('第 1 行的数量') as HTMLInputElement).value).toBe('60.000');
    fireEvent.click(screen.getByTestId('award-add'));
    fireEvent.mouseDown(screen.getByLabelText('第 2 行的投标人'));
    fireEvent.click(await screen.findByText('乙公司 (第 2 名)'));
    fireEvent.change(screen.getByLabelText('第 2 行的数量'), { target: { value: '50' } });
    await waitFor(() =>
      expect(screen.getByTestId('award-problems').textContent).toContain('尿素：授予合计 110.000 吨，超过明细数量 100.000 吨'),
    );
    expect((screen.getByTestId('award-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('第 2 行的数量'), { target: { value: '40' } });
    await waitFor(() => expect(screen.queryByTestId('award-problems')).toBeNull());
    fireEvent.click(screen.getByTestId('award-submit'));
    await confirmOk();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      id: '7',
      awards: [
        { lineNo: 1, bidId: '1', quantity: 60 },
        { lineNo: 1, bidId: '2', quantity: 40 },
      ],
    });
  });
});
