/** The WHATWG URL parser, global in browsers and Node; this package's types name no platform. */
declare const URL: new (input: string, base: string) => { origin: string };

/**
 * Whether `value` is a path on this site: an address a browser resolves to the page's own origin,
 * whatever the browser. Used wherever an address from outside (a stored "back to where you were",
 * a link or banner an editor typed) is followed inside the product.
 *
 * Browsers read more than "//" as the start of another host: a backslash counts as a slash, tabs
 * and newlines anywhere are dropped ("/\t/evil" becomes "//evil"), and leading spaces and control
 * characters are skipped. Percent-encoded slashes, backslashes and control characters in the path are
 * refused too: some routers and servers decode them before following the address. Anything that does not
 * start with a single "/" (a scheme such as javascript:, a relative path) is refused.
 */
export function isSitePath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return false;
  if (value[0] !== '/' || value[1] === '/' || value[1] === '\\') return false;
  // Control characters (tab, newline, NUL …), DEL, and any backslash.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '\\') return false;
  }
  // In the path: an encoded slash, backslash, control character or DEL, or an encoded "%" hiding one
  // (the query and fragment may carry encoded addresses of their own; they name no host).
  const path = value.split(/[?#]/, 1)[0]!;
  if (/%(2f|5c|[01][0-9a-f]|7f|25)/i.test(path)) return false;
  // The browser's own reading must agree: same origin, the path as written.
  try {
    const base = 'http://site.invalid';
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/**
 * Where the site's root sends a person (and a signed-in person who opens the login page): the
 * portal's home page, or the back office's where the portal is off.
 */
export function homePathOf(settings: { portalEnabled: boolean }): string {
  return settings.portalEnabled ? '/index' : '/mainIndex';
}
