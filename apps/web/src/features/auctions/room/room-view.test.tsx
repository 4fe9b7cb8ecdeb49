import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuctionRoom } from '@portal/contracts/auction-trade';
import { initI18n } from '../../../i18n/index';
import { FeedbackProvider } from '../../../shared/feedback';
import { CURRENT_USER_KEY } from '../../../shared/use-current-user';
import { setTransport } from '../../../api/client';
import { answerCalls } from '../../../test/fake-server';
import { RoomView, roomKey } from './room-view';
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
  mount(watchOnly);
  return reads;
}

function mount(watchOnly = false): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(CURRENT_USER_KEY, { currUserId: '7', userId: '7' });
  render(
    <QueryClientProvider client={client}>
      <FeedbackProvider>
        <MemoryRouter>
          <RoomView spaceId="41" watchOnly={watchOnly} />
        </MemoryRouter>
      </FeedbackProvider>
    </QueryClientProvider>,
  );
  return client;
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

  it('keeps a bid from the stream that a reading sent before it does not know of, and reads again', async () => {
    const { room, end } = endingIn(30);
    const bid = {
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
      endTime: end,
    };
    const withBid: AuctionRoom = {
      ...room,
      lastSeq: 1,
      itemList: [{ ...room.itemList[0]!, currentPrice: 305_000, leaderAlias: '竞买人 1', bidderCount: 1 }],
    };
    // Each reading answers the room as it was when the reading reached the server; a held one
    // answers only when released.
    const server = { room, hold: false };
    const held: (() => void)[] = [];
    let reads = 0;
    setTransport(async () => {
      reads += 1;
      const read = { ...server.room, serverTime: new Date(Date.now() + SKEW_MS).toISOString() };
      if (server.hold) await new Promise<void>((release) => held.push(release));
      return new Response(JSON.stringify({ return_code: '0', error_no: '0', error_info: '', data: read }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const client = mount();
    await screen.findByTestId('bid-box', {}, LOADED);
    const price = () => screen.getByTestId('room-current-price').textContent;
    // The stream comes back after a break: the room is read again, and that reading is slow.
    server.hold = true;
    act(() => FakeEventSource.last!.open());
    act(() => FakeEventSource.last!.drop());
    act(() => FakeEventSource.last!.open());
    await waitFor(() => expect(held.length).toBe(1), LOADED);
    // Meanwhile a bid is placed and arrives on the stream before the reading's answer.
    server.room = withBid;
    server.hold = false;
    act(() => FakeEventSource.last!.send('bid', bid, '1'));
    await waitFor(() => expect(price()).toBe('￥3,050.00'));
    const readsBefore = reads;
    const updates = () => client.getQueryState(roomKey('41'))?.dataUpdateCount ?? 0;
    const updatesBefore = updates();
    await act(async () => held[0]!());
    await waitFor(() => expect(updates()).toBeGreaterThan(updatesBefore), LOADED);
    // The older answer does not take the bid off the screen, and a new reading follows.
    expect(price()).toBe('￥3,050.00');
    await waitFor(() => expect(reads).toBeGreaterThan(readsBefore), LOADED);
    expect(price()).toBe('￥3,050.00');
  });

  it('shows a piece past its end by the server’s clock as closing, not bidding, until its result comes', async () => {
    const { room } = endingIn(-1);
    show(room);
    const status = await screen.findByTestId('room-trade-status', {}, LOADED);
    expect(status.textContent).toBe('结算中');
    expect(status.getAttribute('data-closing')).toBe('true');
    expect(screen.queryByTestId('bid-box')).toBeNull();
    expect(screen.queryByTestId('room-ends-in')).toBeNull();
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
