import { QueryClient } from '@tanstack/react-query';

/** The browser's one query cache. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
});
