import type { Page } from 'playwright-core';

/**
 * A call of the back office made from a signed-in page, as its own scripts make it: the session's
 * cookie, and the `csrfcheck` echo a write needs. Answers the envelope.
 */
export async function signedInCall<T>(page: Page, path: string, body: unknown): Promise<{ return_code: string; data: T }> {
  return page.evaluate(
    async ([url, payload]) => {
      const csrf = (await fetch('/omc/api/user/getCurrUser')).headers.get('csrfcheck') ?? '';
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', csrfcheck: csrf },
        body: JSON.stringify(payload),
      });
      return (await res.json()) as { return_code: string; data: T };
    },
    [path, body] as const,
  );
}
