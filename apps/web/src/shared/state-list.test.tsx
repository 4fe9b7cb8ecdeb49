import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index';
import { StateList, useListFilter, type ListFilter } from './state-list';

beforeAll(async () => {
  await initI18n('en-US');
});
afterEach(cleanup);

interface Row {
  id: string;
}

const answer = (state: Partial<UseQueryResult<{ items: Row[]; totalItem: number }>>) =>
  ({ isError: false, isFetching: false, data: undefined, error: null, refetch: vi.fn(), ...state }) as unknown as UseQueryResult<{
    items: Row[];
    totalItem: number;
  }>;

/** The list with the filter it reports after every render, as a page would hold it. */
function Page({ rows, seen }: { rows: ReturnType<typeof answer>; seen: (filter: ListFilter) => void }) {
  const filter = useListFilter(8);
  seen(filter);
  return (
    <StateList<Row>
      filter={filter}
      label="State"
      choices={[
        { key: 'all', label: 'All' },
        { key: '2', label: 'Paid' },
      ]}
      rows={rows}
      rowKey="id"
      emptyText="Nothing here"
      columns={[{ title: 'Id', dataIndex: 'id' }]}
    />
  );
}

describe('StateList', () => {
  it('asks for the chosen state from the first page, and shows the rows with their pager', () => {
    let filter: ListFilter | undefined;
    const rows = answer({ data: { items: Array.from({ length: 8 }, (_, i) => ({ id: `r${i}` })), totalItem: 20 } });
    render(<Page rows={rows} seen={(f) => (filter = f)} />);
    expect(screen.getByText('r7')).toBeTruthy();
    expect(filter!.stateNumber).toBeUndefined();
    fireEvent.click(screen.getByTitle('3'));
    expect(filter!.paging.pageNo).toBe(3);
    fireEvent.click(screen.getByRole('radio', { name: 'Paid' }));
    expect(filter!.state).toBe('2');
    expect(filter!.stateNumber).toBe(2);
    expect(filter!.paging.pageNo).toBe(1);
    expect(screen.getByRole('radiogroup', { name: 'State' })).toBeTruthy();
  });

  it('says when there is nothing, and offers to try again when the list could not be read', () => {
    render(<Page rows={answer({ data: { items: [], totalItem: 0 } })} seen={() => undefined} />);
    expect(screen.getByText('Nothing here')).toBeTruthy();
    cleanup();
    const failed = answer({ isError: true, error: new Error('down') });
    render(<Page rows={failed} seen={() => undefined} />);
    fireEvent.click(screen.getByRole('button'));
    expect(failed.refetch).toHaveBeenCalled();
  });
});
