import type { ReactNode } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import { Button, Empty, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import './query-state.css';

/** The detail shown after "network failure": the server's message, else its code or HTTP status. */
export function errorDetail(error: unknown): string {
  if (error instanceof ApiError)
    return error.message || (error.code !== 'network' ? error.code : error.status ? `HTTP ${error.status}` : '');
  return error instanceof Error ? error.message : '';
}

/** The error state of a list or page: the network-failure message, the detail and a retry. */
export function LoadError({ error, onRetry, compact = false }: { error: unknown; onRetry: () => void; compact?: boolean }) {
  const { t } = useTranslation();
  const detail = errorDetail(error);
  return (
    <div role="alert" className={compact ? 'query-error query-error-compact' : 'query-error'}>
      <WarningOutlined aria-hidden className="query-error-icon" />
      <span>
        {t('networkError')}
        {detail ? ` ${detail}` : ''}
      </span>
      <Button size="small" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** The empty state: 暂无数据, or a page's own text, under antd's simple empty picture. */
export function EmptyState({ text }: { text?: ReactNode }) {
  const { t } = useTranslation();
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text ?? t('empty')} />;
}

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  /** Shown while loading; a paragraph skeleton by default. */
  loading?: ReactNode;
  empty?: ReactNode;
  compact?: boolean;
}

/** Renders a query's loading, error, empty or data state, so no list is ever blank. */
export function QueryState<T>({ query, children, isEmpty, loading, empty, compact }: QueryStateProps<T>) {
  if (query.isPending) return <>{loading ?? <Skeleton active paragraph={{ rows: 4 }} />}</>;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} compact={compact} />;
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState />}</>;
  return <>{children(query.data)}</>;
}
