import { formatDateTime } from '../../../shared/format';

/** YYYY-MM-DD HH:mm:ss in the reader's zone: ends and bids are told to the second. */
export function timeOf(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : `${formatDateTime(iso)}:${String(d.getSeconds()).padStart(2, '0')}`;
}
