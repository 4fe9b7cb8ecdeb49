import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../i18n/index';
import { LiveUpdatesProvider } from '../shared/live-updates';
import { answerCalls } from '../test/fake-server';
import { MessageBell } from './message-bell';

/** The browser's EventSource as far as the page uses it; the test plays the server's side. */
class TestEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: TestEventSource | null = null;
  readyState = TestEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    TestEventSource.last = this;
  }
  addEventListener(type: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  close() {
    this.readyState = TestEventSource.CLOSED;
  }
  open() {
    this.readyState = TestEventSource.OPEN;
    this.onopen?.();
  }
  emit(type: string, data: unknown) {
    for (const fn of this.listeners.get(type) ?? []) fn(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  drop() {
    this.readyState = TestEventSource.CONNECTING;
    this.onerror?.();
  }
}

beforeAll(async () => {
  await initI18n('zh-CN', ['shell']);
  (globalThis as { EventSource?: unknown }).EventSource = TestEventSource;
});
afterEach(cleanup);

function show(enabled: boolean) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <LiveUpdatesProvider enabled={enabled}>
          <MessageBell />
        </LiveUpdatesProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the message bell', () => {
  it('shows the unread count and follows it when a message arrives on the stream', async () => {
    let unread = 2;
    answerCalls({ '/omc/api/message/unreadCount': () => ({ data: { count: unread } }) });
    show(true);
    const bell = await screen.findByRole('button', { name: '消息，2 条未读' });
    expect(bell.textContent).toContain('2');
    expect(TestEventSource.last?.url).toBe('/omc/api/message/stream');
    act(() => TestEventSource.last!.open());
    unread = 3;
    act(() => TestEventSource.last!.emit('message', { id: '9' }));
    expect(await screen.findByRole('button', { name: '消息，3 条未读' })).toBeTruthy();
  });

  it('counts again after a change event about messages (read elsewhere)', async () => {
    let unread = 5;
    answerCalls({ '/omc/api/message/unreadCount': () => ({ data: { count: unread } }) });
    show(true);
    await screen.findByRole('button', { name: '消息，5 条未读' });
    unread = 0;
    act(() => TestEventSource.last!.emit('change', { topic: 'message', key: '1', action: 'read' }));
    expect(await screen.findByRole('button', { name: '消息' })).toBeTruthy();
  });

  it('says so while the stream reconnects', async () => {
    answerCalls({ '/omc/api/message/unreadCount': { data: { count: 1 } } });
    show(true);
    const bell = await screen.findByRole('button', { name: '消息，1 条未读' });
    act(() => TestEventSource.last!.open());
    act(() => TestEventSource.last!.drop());
    await waitFor(() => expect(bell.getAttribute('title')).toBe('实时连接中断，正在重连…'));
  });

  it('is absent, and opens no stream, for a user without the message centre', () => {
    TestEventSource.last = null;
    const calls = answerCalls({});
    const { container } = show(false);
    expect(container.querySelector('[data-testid="message-bell"]')).toBeNull();
    expect(TestEventSource.last).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
