import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { systemStatusRoutes } from '@portal/contracts/routes/system-status';
import type { SystemNode, SystemStatus } from '@portal/contracts/system-status';
import { initI18n } from '../../i18n/index';
import { answerCalls } from '../../test/fake-server';
import { SystemStatusPage } from './system-status-page';
import { HISTORY_LENGTH, withSample } from './use-system-status';

beforeAll(async () => {
  await initI18n('en-US', []);
});
afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('en-US');
});

const MB = 1024 * 1024;
const node = (nodeId: string, overrides: Partial<SystemNode> = {}): SystemNode => ({
  nodeId,
  version: '0.1.0',
  startedAt: '2027-06-01T07:00:00.000Z',
  lastSeenAt: '2027-06-01T08:00:00.000Z',
  state: 'up',
  silentSeconds: 0,
  load1: 0.42,
  cpus: 2,
  memoryBytes: 180 * MB,
  openStreams: { message: 4, auction: 1 },
  self: false,
  ...overrides,
});

const status = (at: string, overrides: Partial<SystemStatus> = {}): SystemStatus => ({
  at,
  nodeId: 'node-a',
  missingAfterSeconds: 30,
  nodes: [
    node('node-a', { self: true, lastSeenAt: at }),
    node('node-b', { state: 'missing', silentSeconds: 95, lastSeenAt: '2027-06-01T07:58:25.000Z' }),
  ],
  readiness: {
    ready: false,
    checks: [
      { name: 'database', ok: true, ms: 2 },
      { name: 'redis', ok: false, ms: 800, error: 'no answer within 800 ms' },
    ],
  },
  jobs: { pending: 12, due: 3, lagSeconds: 4.5, failed: 1 },
  ledger: { ok: false, checkedAt: '2027-06-01T07:59:00.000Z', problems: 2 },
  failures: [
    {
      kind: 'answer',
      at: '2027-06-01T07:59:30.000Z',
      nodeId: 'node-b',
      requestId: 'req-7f3a',
      route: 'POST /commtrade/ws/order/place',
      status: 500,
      detail: '',
    },
    {
      kind: 'job',
      at: '2027-06-01T07:50:00.000Z',
      nodeId: '',
      requestId: '',
      route: 'order.confirmDeadline 202706010001',
      status: null,
      detail: 'the order was gone',
    },
  ],
  ...overrides,
});

function renderPage(answers: SystemStatus[]) {
  let n = 0;
  const calls = answerCalls({ [systemStatusRoutes.status.path]: () => ({ data: answers[Math.min(n++, answers.length - 1)] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SystemStatusPage />
    </QueryClientProvider>,
  );
  return { calls, poll: () => act(() => client.refetchQueries({ queryKey: ['system-status'] })) };
}

describe('the system page', { timeout: 90_000 }, () => {
  it('shows the nodes with this one marked and a silent one missing, the checks, the jobs, the ledger and the failures', async () => {
    renderPage([status('2027-06-01T08:00:00.000Z')]);
    const self = (await screen.findByText('node-a')).closest('tr')!;
    expect(within(self).getByText('this node')).toBeTruthy();
    expect(within(self).getByText('Up')).toBeTruthy();
    expect(within(self).getByText('180 MB')).toBeTruthy();
    expect(within(self).getByText('messages 4')).toBeTruthy();
    expect(within(self).getByText('auctions 1')).toBeTruthy();
    const missing = screen.getAllByText('node-b')[0]!.closest('tr')!;
    expect(within(missing).getByText('Missing')).toBeTruthy();
    expect(within(missing).getByText('(95 s ago)')).toBeTruthy();
    expect(screen.getByText('A node not heard from for over 30 s shows as missing')).toBeTruthy();

    expect(screen.getByText('Not ready')).toBeTruthy();
    expect(screen.getByText('Answered by node node-a at', { exact: false })).toBeTruthy();
    const redis = screen.getByText('Redis').closest('li')!;
    expect(within(redis).getByText('Failing')).toBeTruthy();
    expect(within(redis).getByText('no answer within 800 ms')).toBeTruthy();
    expect(within(screen.getByText('Database').closest('li')!).getByText('OK')).toBeTruthy();

    expect(screen.getByText('12')).toBeTruthy();
    expect(screen.getByText('4.5 s')).toBeTruthy();
    expect(screen.getByText('2 differences found')).toBeTruthy();

    const answer = screen.getByText('req-7f3a').closest('tr')!;
    expect(within(answer).getByText('5xx answer')).toBeTruthy();
    expect(within(answer).getByText('POST /commtrade/ws/order/place')).toBeTruthy();
    expect(within(answer).getByText('500')).toBeTruthy();
    const job = screen.getByText('order.confirmDeadline 202706010001').closest('tr')!;
    expect(within(job).getByText('Failed job')).toBeTruthy();
    expect(within(job).getByText('the order was gone')).toBeTruthy();
    // Every heading names its part for a screen reader.
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'System status',
      'Readiness checks',
      'Timed jobs',
      'Deposit ledger check',
      'Server nodes',
      'Recent failures',
    ]);
  });

  it('draws each poll into the charts, and says in words what a line shows', async () => {
    const { calls, poll } = renderPage([
      status('2027-06-01T08:00:00.000Z', { jobs: { pending: 12, due: 0, lagSeconds: 0, failed: 0 } }),
      status('2027-06-01T08:00:05.000Z', { jobs: { pending: 30, due: 5, lagSeconds: 2, failed: 0 } }),
      status('2027-06-01T08:00:10.000Z', { jobs: { pending: 20, due: 1, lagSeconds: 1, failed: 0 } }),
    ]);
    expect(await screen.findByRole('img', { name: 'Pending trend: not enough data yet' })).toBeTruthy();
    await poll();
    await poll();
    expect(await screen.findByRole('img', { name: 'Pending trend: now 20, lowest 12, highest 30' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Longest wait trend: now 1 s, lowest 0 s, highest 2 s' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'node-a Memory trend: now 180 MB, lowest 180 MB, highest 180 MB' })).toBeTruthy();
    // A node missing is not drawn on: it has no new figures.
    expect(screen.getByRole('img', { name: 'node-b Memory trend: not enough data yet' })).toBeTruthy();
    expect(calls.filter((c) => c.path === systemStatusRoutes.status.path)).toHaveLength(3);
  });

  it('keeps the last answer on screen when a poll fails, and says so', async () => {
    let n = 0;
    answerCalls({ [systemStatusRoutes.status.path]: () => (n++ === 0 ? { data: status('2027-06-01T08:00:00.000Z') } : 'network') });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SystemStatusPage />
      </QueryClientProvider>,
    );
    await screen.findByText('node-a');
    await act(() => client.refetchQueries({ queryKey: ['system-status'] }).catch(() => {}));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('node-a')).toBeTruthy();
  });

  it('speaks the interface language', async () => {
    await i18next.changeLanguage('zh-TW');
    renderPage([status('2027-06-01T08:00:00.000Z')]);
    expect(await screen.findByText('系統狀態')).toBeTruthy();
    expect(screen.getByText('本節點')).toBeTruthy();
    expect(screen.getByText('失聯')).toBeTruthy();
    expect(screen.getByText('發現 2 處不一致')).toBeTruthy();
  });
});

describe('the charts’ history', () => {
  it('adds a poll once, and keeps the newest HISTORY_LENGTH', () => {
    let history = withSample([], status('2027-06-01T08:00:00.000Z'));
    history = withSample(history, status('2027-06-01T08:00:00.000Z'));
    expect(history).toHaveLength(1);
    expect(history[0]).toEqual({
      at: '2027-06-01T08:00:00.000Z',
      pending: 12,
      lagSeconds: 4.5,
      nodes: { 'node-a': { memoryBytes: 180 * MB, load1: 0.42, streams: 5 } },
    });
    for (let i = 1; i <= HISTORY_LENGTH + 5; i++)
      history = withSample(history, status(new Date(Date.UTC(2027, 5, 1, 8, 0, i)).toISOString()));
    expect(history).toHaveLength(HISTORY_LENGTH);
    expect(history[HISTORY_LENGTH - 1]!.at).toBe('2027-06-01T08:01:05.000Z');
    expect(withSample([], status('2027-06-01T08:00:00.000Z', { jobs: null }))[0]).toMatchObject({ pending: null, lagSeconds: null });
  });
});
