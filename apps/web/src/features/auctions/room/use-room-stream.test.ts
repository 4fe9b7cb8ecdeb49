import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRoomStream } from './use-room-stream';

/** An EventSource the test drives; every one made is kept, newest last. */
class FakeEventSource {
  static CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = 0;
  closed = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  send(name: string, data: string, id = '') {
    this.listeners.get(name)?.({ data, lastEventId: id } as MessageEvent<string>);
  }
}
const last = () => FakeEventSource.made.at(-1)!;

beforeEach(() => {
  FakeEventSource.made = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function watch() {
  const handlers = { onEvent: vi.fn(), onResync: vi.fn() };
  const hook = renderHook(() => useRoomStream('41', handlers));
  return { handlers, hook };
}

describe('the room stream', () => {
  it('opens the space’s stream and hands on each event with its id', () => {
    const { handlers, hook } = watch();
    expect(last().url).toBe('/auction/ws/auctionSpaceInfo/stream?spaceId=41');
    act(() => last().onopen!());
    expect(hook.result.current).toBe('open');
    act(() => last().send('bid', '{"seq":7}', '7'));
    expect(handlers.onEvent).toHaveBeenCalledWith('bid', { seq: 7 }, '7');
    // A body that cannot be read still says something changed.
    act(() => last().send('status', 'not json'));
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
  });

  it('lets the browser reconnect by itself, and reads the room again once back', () => {
    const { handlers, hook } = watch();
    act(() => last().onopen!());
    act(() => last().onerror!());
    expect(hook.result.current).toBe('reconnecting');
    expect(FakeEventSource.made).toHaveLength(1);
    act(() => last().onopen!());
    expect(hook.result.current).toBe('open');
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
  });

  it('opens a stream the server ended after a pause that doubles, and reads the room again', () => {
    const { handlers } = watch();
    act(() => {
      last().readyState = FakeEventSource.CLOSED;
      last().onerror!();
    });
    expect(FakeEventSource.made[0]!.closed).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(FakeEventSource.made).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.made).toHaveLength(2);
    act(() => {
      last().readyState = FakeEventSource.CLOSED;
      last().onerror!();
    });
    act(() => vi.advanceTimersByTime(1_999));
    expect(FakeEventSource.made).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(FakeEventSource.made).toHaveLength(3);
    act(() => last().onopen!());
    expect(handlers.onResync).toHaveBeenCalledTimes(1);
  });

  it('closes the stream when the page goes', () => {
    const { hook } = watch();
    hook.unmount();
    expect(last().closed).toBe(true);
  });
});
