import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { initI18n } from '../i18n/index';
import { QueryState, errorDetail } from './query-state';

beforeAll(async () => {
  await initI18n('zh-CN');
});
afterEach(cleanup);

const query = (state: Partial<UseQueryResult<string[]>>) =>
  ({ isPending: false, isError: false, data: undefined, error: null, refetch: vi.fn(), ...state }) as unknown as UseQueryResult<string[]>;

const list = (q: UseQueryResult<string[]>) =>
  render(
    <QueryState query={q} isEmpty={(rows) => rows.length === 0}>
      {(rows) => (
        <ul>
          {rows.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

describe('QueryState', () => {
  it('shows a skeleton while loading', () => {
    const { container } = list(query({ isPending: true }));
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
  });

  it('shows 暂无数据 for an empty answer', () => {
    list(query({ data: [] }));
    expect(screen.getByText('暂无数据')).toBeTruthy();
  });

  it('shows the rows', () => {
    list(query({ data: ['动力煤', '尿素'] }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['动力煤', '尿素']);
  });

  it('shows the network-failure message with the detail, and retries', () => {
    const refetch = vi.fn();
    list(query({ isError: true, error: new ApiError('100007', '系统异常，请稍后重试', 500), refetch }));
    expect(screen.getByRole('alert').textContent).toContain('网络通信失败！ 系统异常，请稍后重试');
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('names the HTTP status when the server sent no message', () => {
    expect(errorDetail(new ApiError('network', '', 502))).toBe('HTTP 502');
    expect(errorDetail(new ApiError('network', '', 0))).toBe('');
    expect(errorDetail(new ApiError('100004', '', 404))).toBe('100004');
  });
});
