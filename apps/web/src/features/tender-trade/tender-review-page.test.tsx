import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls } from '../../test/fake-server';
import { TenderReviewPage } from './tender-review-page';
import { managedTender } from './test-fixtures';

beforeAll(async () => {
  await initI18n('zh-CN', ['tender', 'trade']);
});
afterEach(cleanup);

const pendingTender = managedTender({ objState: 1, publishTime: '', bidCount: 0, minValidBids: 3, lines: [] });

describe('tender review', { timeout: 40_000 }, () => {
  it('asks the pending ones, rejects only with a reason the buyer will see', async () => {
    const calls = answerCalls({
      '/purchase/ws/tender/reviewPage': { data: { items: [pendingTender], totalItem: 1, pageNo: 1, pageSize: 8 } },
      '/purchase/ws/tender/review': { data: { ...pendingTender, objState: 0, reviewRemark: '缺少资质要求' } },
    });
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <FeedbackProvider>
            <TenderReviewPage />
          </FeedbackProvider>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const row = await screen.findByTestId('review-row', {}, { timeout: 15_000 });
    expect(calls[0]!.body).toEqual({ pageNo: 1, pageSize: 8, objState: 1 });
    expect(row.textContent).toContain('华北化工集团有限公司');
    fireEvent.click(screen.getByRole('button', { name: /驳\s?回/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(dialog.querySelector('.ant-btn-dangerous')!);
    expect(await screen.findByText('请填写此项')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/tender/review'))).toBe(false);
    fireEvent.change(screen.getByLabelText('驳回原因（招标方可见）'), { target: { value: '缺少资质要求' } });
    fireEvent.click(dialog.querySelector('.ant-btn-dangerous')!);
    await waitFor(() =>
      expect(calls.find((c) => c.path.endsWith('/tender/review'))?.body).toEqual({ id: '7', pass: false, reviewRemark: '缺少资质要求' }),
    );
  });
});
