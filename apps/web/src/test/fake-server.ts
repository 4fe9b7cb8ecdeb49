import { accountRoutes } from '@portal/contracts/routes/account';
import { SESSION_HINT_COOKIE } from '@portal/contracts/session-codes';
import { setTransport } from '../api/client';

export interface RecordedCall {
  path: string;
  body: unknown;
}

type Answer = { data: unknown } | { error: { code: string; message: string; status: number } } | 'network';

/** Whether the browser holds a session: the readable hint the server keeps beside the HttpOnly session cookie. */
export function holdSession(signedIn: boolean): void {
  document.cookie = signedIn ? `${SESSION_HINT_COOKIE}=1; path=/` : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
}

/**
 * Answers the client's calls in a component test with envelopes, as the server would, from a
 * table of answers per path (a function may change its answer call by call), and records them.
 */
export function answerCalls(answers: Record<string, Answer | ((body: unknown) => Answer)>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  // The browser holds a session when the table answers who is signed in with anything but the refusal a visitor gets.
  const me = answers[accountRoutes.getCurrUser.path];
  holdSession(!(me === undefined || (typeof me === 'object' && 'error' in me && me.error.status === 401)));
  setTransport(async (url, init) => {
    const path = url.split('?')[0]!;
    const body = init.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    calls.push({ path, body });
    const entry = answers[path];
    const answer = typeof entry === 'function' ? entry(body) : entry;
    if (!answer) return new Response(JSON.stringify({ return_code: '404', error_no: '404', error_info: 'no answer' }), { status: 404 });
    if (answer === 'network') throw new TypeError('Failed to fetch');
    if ('error' in answer) {
      return new Response(
        JSON.stringify({ return_code: answer.error.code, error_no: answer.error.code, error_info: answer.error.message, data: null }),
        {
          status: answer.error.status,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    return new Response(JSON.stringify({ return_code: '0', error_no: '0', error_info: '', data: answer.data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
