import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, type TableProps } from 'antd';
import { usePaging } from './paging';
import { LoadError } from './query-state';
import { StateFilter } from './state-filter';

/** The "every state" choice of a list's state filter. */
export const ALL_STATES = 'all';

/**
 * What a list filtered by state asks the server for: the chosen state, an optional keyword and
 * the page. Choosing another state or searching goes back to the first page.
 */
export function useListFilter(pageSize: number, initialState: string = ALL_STATES) {
  const [state, setState] = useState(initialState);
  const [keyword, setKeyword] = useState('');
  const paging = usePaging(pageSize);
  return {
    state,
    keyword,
    paging,
    /** The state as a number for the server, or undefined for every state. */
    stateNumber: state === ALL_STATES ? undefined : Number(state),
    choose(key: string) {
      setState(key);
      paging.reset();
    },
    search(text: string) {
      setKeyword(text.trim());
      paging.reset();
    },
  };
}

export type ListFilter = ReturnType<typeof useListFilter>;

interface StateListProps<T> extends Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'scroll' | 'locale'> {
  filter: ListFilter;
  choices: { key: string; label: ReactNode }[];
  /** What the choices filter, for screen readers. */
  label?: string;
  /** The page the server answered. */
  rows: UseQueryResult<{ items: T[]; totalItem: number }>;
  emptyText: ReactNode;
  /** The table's width when it has rows; narrower screens scroll sideways, an empty list does not. */
  scrollX?: number;
}

/**
 * A user-centre list: the state choices, then the page of rows with its pager, or what went wrong
 * with a way to try again. While another page or state loads, the rows shown stay until it is in.
 */
export function StateList<T extends object>({ filter, choices, label, rows, emptyText, scrollX, ...table }: StateListProps<T>) {
  return (
    <>
      <StateFilter activeKey={filter.state} onChange={filter.choose} items={choices} label={label} />
      {rows.isError ? (
        <LoadError error={rows.error} onRetry={() => void rows.refetch()} />
      ) : (
        <Table<T>
          {...table}
          loading={rows.isFetching && !rows.data}
          dataSource={rows.data?.items}
          pagination={filter.paging.pagination(rows.data?.totalItem)}
          scroll={scrollX && rows.data?.items.length ? { x: scrollX } : undefined}
          locale={{ emptyText }}
        />
      )}
    </>
  );
}
