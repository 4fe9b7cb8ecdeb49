import { ApiError } from '../../api/client';
import { errorDetail } from '../../shared/query-state';

/** A failed call's message: the call's own text plus the server's detail, or the network failure. */
export function failureText(error: unknown, prefix: string, network: string): string {
  const detail = errorDetail(error);
  if (error instanceof ApiError && error.code === 'network') return detail ? `${network} ${detail}` : network;
  return detail ? `${prefix} ${detail}` : prefix;
}
