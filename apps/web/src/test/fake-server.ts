import { setTransport } from '../api/client';

export interface RecordedCall {
  path: string;
  body: unknown;
}

type Answer = { data: unknown } | { error: { code: string; message: string; status: number } } | 'network';

/**
 * Answers the client's calls in a component test with envelopes, as the server would, from a
 * table of answers per path (a function may change its answer call by call), and records them.
 */
export function answerCalls(answers: Record<string, Answer | ((body: unknown) => Answer)>): RecordedCall[] {
  const calls: RecordedCall[] = [];
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
