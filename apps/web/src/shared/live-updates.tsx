import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChangeNotice } from '@portal/contracts/messages';
import { TRADE_KEYS } from './trade-query-keys';

/**
 * The permission code of the message centre and its stream (reference data). Written here, not
 * imported from the messages contract, so the shell does not download zod for it.
 */
export const MESSAGE_PERMISSION = 'trade:message';
/** Where the signed-in user's messages and changes are pushed (Server-Sent Events). */
export const MESSAGE_STREAM_PATH = '/omc/api/message/stream';
/** Waits before opening a closed stream again: doubling from 2 s up to 30 s. */
const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 30_000;

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'off';

interface LiveState {
  /** The user reads messages (the bell shows). */
  enabled: boolean;
  status: LiveStatus;
}

const LiveStatusContext = createContext<LiveState>({ enabled: false, status: 'off' });

/** The query families a change of one topic makes stale. */
export function staleFamilies(topic: string | undefined): (readonly string[])[] {
  switch (topic) {
    // An order's move can freeze, release or forfeit deposit money and return stock.
    case 'order':
      return [TRADE_KEYS.orders, TRADE_KEYS.deposits, TRADE_KEYS.listings, TRADE_KEYS.workbench];
    case 'listing':
      return [TRADE_KEYS.listings, TRADE_KEYS.workbench];
    case 'deposit':
      return [TRADE_KEYS.deposits, TRADE_KEYS.workbench];
    case 'message':
      return [TRADE_KEYS.messages];
    // A tender's move (a bid, the opening, the award) can also make orders.
    case 'tender':
      return [TRADE_KEYS.tenders, TRADE_KEYS.orders, TRADE_KEYS.workbench];
    case 'supplier':
      return [TRADE_KEYS.suppliers];
    // A space's move (review, start, close) can freeze or release registration deposits and make orders.
    case 'auction':
      return [TRADE_KEYS.auctions, TRADE_KEYS.deposits, TRADE_KEYS.orders, TRADE_KEYS.workbench];
    default:
      return [
        TRADE_KEYS.orders,
        TRADE_KEYS.deposits,
        TRADE_KEYS.listings,
        TRADE_KEYS.messages,
        TRADE_KEYS.tenders,
        TRADE_KEYS.suppliers,
        TRADE_KEYS.auctions,
        TRADE_KEYS.workbench,
      ];
  }
}

function invalidate(client: QueryClient, families: (readonly string[])[]) {
  for (const queryKey of families) void client.invalidateQueries({ queryKey });
}

/**
 * Keeps one stream open for the signed-in user while `enabled`: a new message refreshes the bell
 * and the message list, a change refreshes the pages of its kind. The browser reconnects by itself
 * (sending Last-Event-ID, so missed messages follow); when the server closed the stream for good
 * (a restart, a refused request) it is opened again after a pause and every trading page refreshes,
 * since what happened meanwhile is unknown.
 */
export function LiveUpdatesProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const client = useQueryClient();
  const [status, setStatus] = useState<LiveStatus>('off');
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_FIRST_MS;
    let reopened = false;
    let stopped = false;
    const open = () => {
      setStatus(reopened ? 'reconnecting' : 'connecting');
      source = new EventSource(MESSAGE_STREAM_PATH, { withCredentials: true });
      source.onopen = () => {
        setStatus('open');
        delay = RETRY_FIRST_MS;
        if (reopened) invalidate(client, staleFamilies(undefined));
      };
      source.addEventListener('message', () => invalidate(client, [TRADE_KEYS.messages]));
      source.addEventListener('change', (event) => {
        let notice: Partial<ChangeNotice> = {};
        try {
          notice = JSON.parse((event as MessageEvent<string>).data) as ChangeNotice;
        } catch {
          // A change without a readable body still makes everything of the user stale.
        }
        invalidate(client, staleFamilies(notice.topic));
      });
      source.onerror = () => {
        if (stopped || !source) return;
        if (source.readyState === EventSource.CLOSED) {
          source.close();
          reopened = true;
          setStatus('reconnecting');
          retryTimer = setTimeout(open, delay);
          delay = Math.min(delay * 2, RETRY_MAX_MS);
        } else {
          setStatus('reconnecting');
        }
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      setStatus('off');
    };
  }, [enabled, client]);
  const value = useMemo(() => ({ enabled, status }), [enabled, status]);
  return <LiveStatusContext.Provider value={value}>{children}</LiveStatusContext.Provider>;
}

/** Whether the user reads messages, and whether the live stream is open or (re)connecting. */
export function useLiveStatus(): LiveState {
  return useContext(LiveStatusContext);
}
