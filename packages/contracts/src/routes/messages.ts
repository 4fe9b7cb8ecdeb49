import type { messageEndpoints } from '../messages';
import { routeTable } from '../endpoint';

/** What the browser calls of `messageEndpoints`: method and path only (see `routeTable`). */
export const messageRoutes = routeTable<typeof messageEndpoints>()({
  page: { method: 'POST', path: '/omc/api/message/page' },
  read: { method: 'POST', path: '/omc/api/message/read' },
  unreadCount: { method: 'POST', path: '/omc/api/message/unreadCount' },
  stream: { method: 'GET', path: '/omc/api/message/stream' },
});
