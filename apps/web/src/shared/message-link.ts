/** Where a message leads: its route with its query (`/trade/sales-orders?orderNo=...`). */
export function messageHref(link: { route: string; query?: Record<string, string> | null }): string {
  const query = new URLSearchParams(link.query ?? {}).toString();
  return query ? `${link.route}?${query}` : link.route;
}
