import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SupplierApplication } from '@portal/contracts/supplier-relations';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls } from '../../test/fake-server';
import { SupplierApplications } from './supplier-applications';

beforeAll(async () => {
  await initI18n('zh-CN', ['admin']);
});
afterEach(cleanup);

const application = (
  applicationId: string,
  supplierName: string,
  state: SupplierApplication['state'] = 'pending',
): SupplierApplication => ({
  applicationId,
  buyerUserId: '1',
  buyerName: '华北化工集团有限公司',
  supplierUserId: `s${applicationId}`,
  supplierName,
  remark: '主营尿素',
  state,
  time: '2026-11-25T10:00:00.000Z',
  decidedAt: '',
});

function show(client = new QueryClient()) {
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <SupplierApplications supplierListKey={['resource', 'suppliers']} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return client;
}

describe('applications to the supplier list', { timeout: 40_000 }, () => {
  it('lists the waiting ones with their count, and asks before accepting', async () => {
    let pending = [application('1', '陕西秦川煤化有限公司'), application('2', '山东鲁润化肥有限公司')];
    const calls = answerCalls({
      '/purchase/ws/purCustomerRelation/applications': () => ({
        data: { items: pending, totalItem: pending.length, pageNo: 1, pageSize: 8 },
      }),
      '/purchase/ws/purCustomerRelation/decide': (body) => {
        const { applicationId, accept } = body as { applicationId: string; accept: boolean };
        pending = pending.filter((a) => a.applicationId !== applicationId);
        return { data: application(applicationId, '陕西秦川煤化有限公司', accept ? 'accepted' : 'declined') };
      },
    });
    const client = show();
    await waitFor(() => expect(screen.getAllByTestId('application-row')).toHaveLength(2));
    expect(screen.getByLabelText('2 条待处理')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('application-accept')[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('同意 陕西秦川煤化有限公司 加入供应商名单？');
    expect(calls.some((c) => c.path.endsWith('/decide'))).toBe(false);
    fireEvent.click(dialog.querySelector('.ant-modal-confirm-btns .ant-btn-primary')!);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/decide'))?.body).toEqual({ applicationId: '1', accept: true }));
    // The list of suppliers below is asked again: the accepted one is on it now.
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: ['resource', 'suppliers'] })).toBeUndefined());
    await waitFor(() => expect(screen.getAllByTestId('application-row')).toHaveLength(1));
  });

  it('declines with a danger confirmation and shows decided ones under "all" without actions', async () => {
    const calls = answerCalls({
      '/purchase/ws/purCustomerRelation/applications': (body) => {
        const all = (body as { state?: string }).state === undefined;
        const items = all ? [application('1', '甲公司', 'declined'), application('2', '乙公司')] : [application('2', '乙公司')];
        return { data: { items, totalItem: items.length, pageNo: 1, pageSize: 8 } };
      },
      '/purchase/ws/purCustomerRelation/decide': { data: application('2', '乙公司', 'declined') },
    });
    show();
    fireEvent.click(await screen.findByTestId('application-decline', {}, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog');
    const ok = dialog.querySelector('.ant-modal-confirm-btns .ant-btn-primary')!;
    expect(ok.className).toContain('dangerous');
    fireEvent.click(ok);
    await waitFor(() => expect(calls.find((c) => c.path.endsWith('/decide'))?.body).toEqual({ applicationId: '2', accept: false }));
    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(screen.getAllByTestId('application-row')).toHaveLength(2));
    expect(screen.getByText('已拒绝')).toBeTruthy();
    expect(screen.getAllByTestId('application-accept')).toHaveLength(1);
  });
});
