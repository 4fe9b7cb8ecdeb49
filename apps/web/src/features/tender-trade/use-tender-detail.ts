import { useState } from 'react';
import { ApiError } from '../../api/client';
import { useManagedTender } from './queries';

/**
 * One tender as its buyer manages it: the reading, whether it is missing (an unknown or malformed
 * id), and whether the negotiation dialog is open.
 */
export function useTenderDetail(id: string) {
  const query = useManagedTender(id);
  const [negotiating, setNegotiating] = useState(false);
  const notFound = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
  return {
    query,
    notFound,
    negotiating,
    openNegotiation: () => setNegotiating(true),
    closeNegotiation: () => setNegotiating(false),
  };
}
