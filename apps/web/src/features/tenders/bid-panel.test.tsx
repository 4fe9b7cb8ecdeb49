import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TenderDetail } from '@portal/contracts/tenders';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls } from '../../test/fake-server';
import { BidPanel } from './bid-panel';

beforeAll(async () => {
  await initI18n('zh-CN', ['tender', 'trade', 'trading']);
});
afterEach(cleanup);

const now = Date.now();
const tender: TenderDetail = {
  id: '7',
  userId: '100',
  tenderNo: 'T202611250001',
  tenderName: '尿素年度采购',
  userName: '采购一号公司',
  bidBeginTime: new Date(now - 60_000).toISOString(),
  bidEndTime: new Date(now + 3_600_000).toISOString(),
  objState: 2,
  overdueFlag: 'N',
  tenderType: 'inquiry',
  currency: 'CNY',
  paymentType: 2,
  contactName: '',
  contactPhone: '',
  description: '',
  publishTime: new Date(now - 120_000).toISOString(),
  lines: [
    { lineNo: 1, goodsName: '尿素', specification: 'N≥46%', quantity: 100, unit: '吨', deliveryPlace: '天津', deliveryDate: '2026-12-01' },
    { lineNo: 2, goodsName: '磷酸二铵', specification: '', quantity: 20, unit: '吨', deliveryPlace: '天津', deliveryDate: '2026-12-10' },
  ],
  openTime: new Date(now + 3_600_000).toISOString(),
  evaluationMethod: 'lowest',
  priceWeight: null,
  minValidBids: 3,
  deposit: 0,
  documentFileIds: [],
  serverTime: new Date(now).toISOString(),
};
const supplier = { data: { currUserId: '200', userId: '200', userName: 'supplier01', userType: 'comp', companyName: '供应一号公司' } };
const receipt = (body: unknown) => {
  const { lines, remark, fileIds } = body as {
    lines: { lineNo: number; unitPrice: number; quantity: number; deliveryDate: string }[];
    remark: string;
    fileIds: string[];
  };
  return {
    data: {
      bidId: '9',
      tenderId: '7',
      supplierUserId: '200',
      supplierName: '供应一号公司',
      version: 1,
      state: 'submitted',
      invalidReason: '',
      lines,
      remark,
      fileIds,
      total: lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0),
      rank: null,
      score: null,
      receipt: { digest: 'ab'.repeat(32), time: new Date(now).toISOString() },
      updatedAt: new Date(now).toISOString(),
    },
  };
};

function show() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <FeedbackProvider>
        <BidPanel tender={tender} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

describe('the sealed bid on a tender page', { timeout: 40_000 }, () => {
  it('sends only the offered lines in cents once they are complete, and shows the receipt digest', async () => {
    const calls = answerCalls({
      '/omc/api/user/getCurrUser': supplier,
      '/purchase/ws/purCustomerRelation/checkRelation': { data: { flag: 'Y' } },
      '/purchase/ws/tenderBid/mine': { data: null },
      '/purchase/ws/tenderBid/save': receipt,
    });
    show();
    await screen.findByTestId('bid-form', {}, { timeout: 15_000 });
    fireEvent.click(screen.getByLabelText('报价第 2 条明细'));
    fireEvent.change(screen.getByLabelText('第 1 条明细的数量'), { target: { value: '120' } });
    fireEvent.click(screen.getByTestId('bid-submit'));
    const problems = await screen.findByTestId('bid-problems');
    expect(problems.textContent).toContain('1. 尿素：请填写大于 0、最多两位小数的单价');
    expect(problems.textContent).toContain('1. 尿素：数量不能超过需求 100.000 吨');
    expect(problems.textContent).not.toContain('磷酸二铵');
    expect(calls.some((c) => c.path.endsWith('/tenderBid/save'))).toBe(false);

    fireEvent.change(screen.getByLabelText('第 1 条明细的单价'), { target: { value: '2350.5' } });
    fireEvent.change(screen.getByLabelText('第 1 条明细的数量'), { target: { value: '80' } });
    await waitFor(() => expect(screen.queryByTestId('bid-problems')).toBeNull());
    expect(screen.getByTestId('bid-total').textContent).toBe('￥188,040.00');
    fireEvent.click(screen.getByTestId('bid-submit'));
    // The question opens beside the button (the page is in a frame as tall as its content).
    await waitFor(() => expect(document.querySelector('.ant-popconfirm')?.textContent).toContain('￥188,040.00'));
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')!);
    await screen.findByTestId('bid-receipt');
    expect(calls.find((c) => c.path.endsWith('/tenderBid/save'))!.body).toEqual({
      tenderId: '7',
      lines: [{ lineNo: 1, unitPrice: 235_050, quantity: 80, deliveryDate: '2026-12-01' }],
      remark: '',
      fileIds: [],
    });
    expect(screen.getByTestId('receipt-digest').textContent).toBe('ab'.repeat(32));
    expect(screen.getByTestId('bid-revise')).toBeTruthy();
    expect(screen.getByTestId('bid-withdraw')).toBeTruthy();
  });

  it('offers a supplier off the list to ask the buyer to add it', async () => {
    const calls = answerCalls({
      '/omc/api/user/getCurrUser': supplier,
      '/purchase/ws/purCustomerRelation/checkRelation': { data: { flag: 'N' } },
      '/purchase/ws/purCustomerRelation/apply': (body) => ({
        data: {
          applicationId: '1',
          ...(body as object),
          buyerName: '采购一号公司',
          supplierUserId: '200',
          supplierName: '供应一号公司',
          state: 'pending',
          time: '',
          decidedAt: '',
        },
      }),
    });
    show();
    const box = await screen.findByTestId('apply-box', {}, { timeout: 15_000 });
    expect(box.textContent).toContain('您未与招标方维护供采关系，请联系招标方，维护供采关系');
    expect(box.textContent).toContain('您不在 采购一号公司 的供应商名单中');
    expect(screen.queryByTestId('bid-form')).toBeNull();
    fireEvent.change(within(box).getByRole('textbox'), { target: { value: '主营尿素，持危化品经营许可证' } });
    fireEvent.click(screen.getByTestId('apply-submit'));
    await screen.findByTestId('apply-sent');
    expect(calls.find((c) => c.path.endsWith('/apply'))!.body).toEqual({ buyerUserId: '100', remark: '主营尿素，持危化品经营许可证' });
    expect(calls.some((c) => c.path.endsWith('/tenderBid/mine'))).toBe(false);
  });
});
