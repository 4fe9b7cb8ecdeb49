import { useState } from 'react';
import { PAGE_SIZE_OPTIONS } from '@portal/contracts/constants';

/** The server-side paging of a user-centre list: 8/16/24/32 rows as in the portal. */
export function usePaging(initialSize: number = PAGE_SIZE_OPTIONS[1]) {
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    pageNo,
    pageSize,
    /** Back to the first page (a filter changed). */
    reset: () => setPageNo(1),
    /** antd Table pagination for a total answered by the server. */
    pagination: (total: number | undefined) => ({
      current: pageNo,
      pageSize,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
      onChange: (page: number, size: number) => {
        setPageNo(size === pageSize ? page : 1);
        setPageSize(size);
      },
    }),
  };
}
