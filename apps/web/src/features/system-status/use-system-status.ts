import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { systemStatusRoutes } from '@portal/contracts/routes/system-status';
import { SYSTEM_STATUS_POLL_MS, type SystemStatus } from '@portal/contracts/system-status';
import { call } from '../../api/client';

/** How many polls the charts remember: five minutes at one poll every five seconds. */
export const HISTORY_LENGTH = 60;

/** What one poll adds to the charts. */
export interface Sample {
  at: string;
  pending: number | null;
  lagSeconds: number | null;
  nodes: Record<string, { memoryBytes: number; load1: number; streams: number }>;
}

/** The history with this answer's figures added (an answer seen before adds nothing), the oldest dropped past HISTORY_LENGTH. */
export function withSample(history: readonly Sample[], status: SystemStatus): Sample[] {
  if (history.length > 0 && history[history.length - 1]!.at === status.at) return [...history];
  const sample: Sample = {
    at: status.at,
    pending: status.jobs?.pending ?? null,
    lagSeconds: status.jobs?.lagSeconds ?? null,
    nodes: Object.fromEntries(
      status.nodes
        .filter((n) => n.state === 'up')
        .map((n) => [n.nodeId, { memoryBytes: n.memoryBytes, load1: n.load1, streams: n.openStreams.message + n.openStreams.auction }]),
    ),
  };
  return [...history, sample].slice(-HISTORY_LENGTH);
}

/** The values of one figure over the history, skipping polls that did not have it. */
export function seriesOf(history: readonly Sample[], pick: (s: Sample) => number | null | undefined): number[] {
  return history.map(pick).filter((v): v is number => typeof v === 'number');
}

/**
 * The system page's data: the status asked again every SYSTEM_STATUS_POLL_MS, and the history of
 * the figures the charts draw, gathered poll by poll. A failed poll keeps the last answer on
 * screen (the page says it is stale) instead of a toast every few seconds.
 */
export function useSystemStatus() {
  const history = useRef<Sample[]>([]);
  return useQuery({
    queryKey: ['system-status'],
    queryFn: async () => {
      const status = await call(systemStatusRoutes.status, { body: {}, quiet: true });
      history.current = withSample(history.current, status);
      return { status, history: history.current };
    },
    refetchInterval: SYSTEM_STATUS_POLL_MS,
  });
}
