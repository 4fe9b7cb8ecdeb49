import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedTender } from '@portal/contracts/tender-trade';
import { initI18n } from '../../i18n/index';
import { FeedbackProvider } from '../../shared/feedback';
import { answerCalls } from '../../test/fake-server';
import { TenderFormDialog } from './tender-form';
import { managedTender } from './test-fixtures';

beforeAll(async () => {
  await initI18n('zh-CN', ['tender', 'trade']);
});
afterEach(cleanup);

function show(draft: ManagedTender) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FeedbackProvider>
        <TenderFormDialog tender={draft} onClose={() => undefined} onSaved={() => undefined} />
      </FeedbackProvider>
    </QueryClientProvider>,
  );
}

describe('the tender form', { timeout: 40_000 }, () => {
  it('refuses a bidding period shorter than 10 s and an opening before its end, sending nothing', async () => {
    const calls = answerCalls({});
    show(
      managedTender({
        objState: 0,
        bidBeginTime: '2026-12-01T02:00:00.000Z',
        bidEndTime: '2026-12-01T02:00:05.000Z',
        openTime: '2026-12-01T01:00:00.000Z',
      }),
    );
    fireEvent.click(await screen.findByTestId('tender-save', {}, { timeout: 15_000 }));
    expect(await screen.findByText('投标期至少 10 秒', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('开标时间不能早于投标截止时间')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('saves a scoring draft with its weight, the deposit in cents and the lines without their numbers', async () => {
    const calls = answerCalls({ '/purchase/ws/tender/save': (body) => ({ data: managedTender({ ...(body as object), objState: 0 }) }) });
    show(
      managedTender({
        objState: 0,
        evaluationMethod: 'scoring',
        priceWeight: 40,
        deposit: 1_000_050,
        bidBeginTime: '2026-12-01T02:00:00.000Z',
        bidEndTime: '2026-12-08T02:00:00.000Z',
        openTime: '2026-12-08T02:00:00.000Z',
      }),
    );
    expect(((await screen.findByLabelText('价格权重', {}, { timeout: 15_000 })) as HTMLInputElement).value).toBe('40');
    fireEvent.click(screen.getByTestId('tender-save'));
    await waitFor(() => expect(calls).toHaveLength(1), { timeout: 15_000 });
    expect(calls[0]!.body).toMatchObject({
      id: '7',
      evaluationMethod: 'scoring',
      priceWeight: 40,
      deposit: 1_000_050,
      bidBeginTime: '2026-12-01T02:00:00.000Z',
      lines: [{ goodsName: '尿素', specification: '', quantity: 100, unit: '吨', deliveryPlace: '', deliveryDate: '2026-12-01' }],
    });
  });
});
