import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuctionRoom } from '@portal/contracts/auction-trade';
import { initI18n } from '../../../i18n/index';
import { FeedbackProvider } from '../../../shared/feedback';
import { CURRENT_USER_KEY } from '../../../shared/use-current-user';
import { answerCalls } from '../../../test/fake-server';
import { RoomView } from './room-view';
import { testRoom } from './test-room';

/** An EventSource the test drives: it opens, sends events and drops when told. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  send(name: string, data: unknown, id = '') {
    for (const listener of this.listeners.get(name) ?? [])
      listener({ data: JSON.stringify(data), lastEventId: id } as MessageEvent<string>);
  }
}

beforeAll(async () => {
  await initI18n('zh-CN', ['auction', 'trading']);
});
beforeEach(() => {
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** How long the first render may take (antd's first use). */
const LOADED = { timeout: 10_000 };

/** The reader's clock is 40 minutes behind the server's: the room must count on the server's. */
const SKEW_MS = 40 * 60_000;

/** Shows the room; the server answers what `answer` holds at the time of each reading. */
function show(room: AuctionRoom, watchOnly = false, answer: { room: AuctionRoom } = { room }) {
  const reads: number[] = [];
  answerCalls({
    '/auction/ws/auctionSpaceInfo/room': () => {
      reads.push(Date.now());
      return { data: { ...answer.room, serverTime: new Date(Date.now() + SKEW_MS).toISOString() } };
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(CURRENT_USER_KEY, { userId: '7' });
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <MemoryRouter>
          <RoomView spaceId="41" watchOnly={watchOnly} />
        </MemoryRouter>
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return reads;
}

/** A room whose piece ends `minutes` after the server's now. */
function endingIn(minutes: number, extra: Partial<AuctionRoom> = {}) {
  const end = new Date(Date.now() + SKEW_MS + minutes * 60_000).toISOString();
  const room = testRoom(1, { endTime: end }, extra);
  return { room, end };
}

// Each test renders the whole room in jsdom: slower than a unit test on a busy machine.
describe('the live room', { timeout: 30_000 }, () => {
  it('counts down on the server’s clock, not the reader’s', async () => {
    show(endingIn(30).room);
    const left = Number((await screen.findByTestId('room-ends-in', {}, LOADED)).getAttribute('data-left'));
    // 40 minutes off would show 70 or -10; the server's clock is only off by half a (slow) round trip.
    expect(left).toBeGreaterThan(29 * 60);
    expect(left).toBeLessThanOrEqual(30 * 60 + 5);
  });

  it('shows a bid from the stream at once, and announces an extension', async () => {
    const { room, end } = endingIn(1);
    show(room);
    await screen.findByTestId('bid-box', {}, LOADED);
    const later = new Date(Date.parse(end) + 20_000).toISOString();
    act(() => {
      FakeEventSource.last!.open();
      FakeEventSource.last!.send(
        'bid',
        {
          seq: 1,
          pieceId: '9',
          price: 305_000,
          quantity: null,
          alias: '竞买人 1',
          time: new Date().toISOString(),
          currentPrice: 305_000,
          leaderAlias: '竞买人 1',
          clearingPrice: null,
          bidderCount: 1,
          endTime: later,
        },
        '1',
      );
    });
    expect(screen.getByTestId('room-current-price').textContent).toBe('￥3,050.00');
    expect(screen.getByTestId('room-leader').textContent).toBe('竞买人 1');
    expect(screen.getAllByTestId('history-price').map((e) => e.textContent)).toEqual(['￥3,050.00']);
    expect(screen.getByTestId('room-end-time').getAttribute('data-value')).toBe(later);
    expect((await screen.findByTestId('room-extended', {}, LOADED)).textContent).toContain('延时！');
    // The next acceptable price follows the new best at once.
    expect(screen.getByTestId('bid-limit').getAttribute('data-value')).toBe('310000');
  });

  it('says it is reconnecting when the stream drops, and reads the room again once back', async () => {
    const reads = show(endingIn(30).room);
    await screen.findByTestId('bid-box', {}, LOADED);
    act(() => FakeEventSource.last!.open());
    expect(screen.getByTestId('room-stream').getAttribute('data-state')).toBe('open');
    act(() => FakeEventSource.last!.drop());
    expect(screen.getByTestId('room-reconnecting')).toBeTruthy();
    const before = reads.length;
    act(() => FakeEventSource.last!.open());
    await waitFor(() => expect(reads.length).toBe(before + 1));
    expect(screen.queryByTestId('room-reconnecting')).toBeNull();
  });

  it('opens for bidding by itself when the start arrives', async () => {
    const { room } = endingIn(30, {});
    const waiting = {
      ...room,
      space: { ...room.space, spaceStatus: 2, auctionBeginTime: new Date(Date.now() + SKEW_MS + 60_000).toISOString() },
    };
    const server = { room: waiting };
    show(waiting, false, server);
    await screen.findByTestId('room-starts-in', {}, LOADED);
    expect(screen.queryByTestId('bid-box')).toBeNull();
    server.room = room;
    act(() => {
      FakeEventSource.last!.open();
      FakeEventSource.last!.send('status', {
        spaceStatus: 4,
        suspended: false,
        serverTime: new Date(Date.now() + SKEW_MS).toISOString(),
        lastSeq: 0,
        pieces: [{ pieceId: '9', tradeStatus: 0, endTime: room.itemList[0]!.endTime }],
      });
    });
    expect(await screen.findByTestId('bid-box', {}, LOADED)).toBeTruthy();
    expect(screen.queryByTestId('room-starts-in')).toBeNull();
  });

  it('shows a watcher no bid box, and the owner the bidders’ companies', async () => {
    const { room } = endingIn(30, { role: 'owner', myRegistration: undefined });
    const owned = {
      ...room,
      itemList: [
        {
          ...room.itemList[0]!,
          bids: [
            {
              seq: 1,
              pieceId: '9',
              alias: '竞买人 1',
              companyName: '山东化肥贸易有限公司',
              price: 300_000,
              quantity: 5000,
              time: room.serverTime,
              state: 'valid' as const,
              mine: false,
            },
          ],
        },
      ],
    };
    show(owned, true);
    await screen.findByTestId('room-history', {}, LOADED);
    expect(screen.queryByTestId('bid-box')).toBeNull();
    expect(screen.getByText('山东化肥贸易有限公司')).toBeTruthy();
  });
});
