import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { VarietyNode } from '@portal/contracts/commtrade';
import { commtradeRoutes } from '@portal/contracts/routes/commtrade';
import { call } from '../api/client';

/** Reference data changes rarely: a form opened again within five minutes reuses what it read. */
export const REFERENCE_STALE = 5 * 60_000;

interface TreeOption {
  value: string;
  title: string;
  selectable: boolean;
  children: TreeOption[];
}

/** The variety tree with only its leaves selectable (a listing or an auction piece names a leaf variety). */
export function toLeafOptions(nodes: readonly VarietyNode[]): TreeOption[] {
  return nodes.map((n) => ({
    value: n.code,
    title: n.shortName,
    selectable: n.children.length === 0,
    children: toLeafOptions(n.children),
  }));
}

/** The variety tree for a form's tree select, its leaves the only choices; one cache entry for every form. */
export function useVarietyOptions() {
  const varieties = useQuery({
    queryKey: ['trading', 'varieties'],
    queryFn: () => call(commtradeRoutes.portalQueryVarietyTree),
    staleTime: REFERENCE_STALE,
  });
  const options = useMemo(() => toLeafOptions(varieties.data ?? []), [varieties.data]);
  return { varieties, options };
}
