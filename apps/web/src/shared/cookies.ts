/** Reads a cookie the scripts may see (lang, sidebarStatus, lock). */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const part = document.cookie.split('; ').find((p) => p.startsWith(prefix));
  return part === undefined ? undefined : decodeURIComponent(part.slice(prefix.length));
}

/** Writes a site-wide cookie for a year; `null` removes it. */
export function writeCookie(name: string, value: string | null): void {
  document.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; samesite=lax`
      : `${name}=${encodeURIComponent(value)}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}

/**
 * Tells the server the reader's time zone (the `tz` cookie), so the texts it writes for them
 * (messages, refusals) name times in the zone the pages show them in.
 */
export function storeTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && readCookie('tz') !== zone) writeCookie('tz', zone);
}
