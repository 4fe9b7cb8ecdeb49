import { ERRORS } from '@portal/contracts/errors';
import { TRADERS, type Trader } from '../../test/trading';

/** An answer as a client sees it: the status and envelope, or the network failing under it. */
export type Answer = { kind: 'answer'; status: number; code: string; info: string; data: unknown } | { kind: 'network'; error: string };

/** The wire code of the retryable refusal a store outage answers. */
export const RETRYABLE = ERRORS.SERVICE_UNAVAILABLE.code;

/** An answer the proxy wrote itself because no node answered (no envelope): the request may be sent again. */
export const fromGateway = (answer: Answer) => answer.kind === 'answer' && answer.code === '' && [502, 503, 504].includes(answer.status);

export async function post(url: string, path: string, body: object, token?: string): Promise<Answer> {
  try {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    let envelope: { error_no?: string; error_info?: string; data?: unknown } = {};
    try {
      envelope = JSON.parse(text) as typeof envelope;
    } catch {
      envelope = { error_no: '', error_info: text.slice(0, 200) };
    }
    return { kind: 'answer', status: res.status, code: envelope.error_no ?? '', info: envelope.error_info ?? '', data: envelope.data };
  } catch (err) {
    return {
      kind: 'network',
      error: err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : String(err),
    };
  }
}

/** Signs in through a node with the test picture code; answers the token, or null when the node could not. */
export async function signIn(url: string, account: Trader): Promise<string | null> {
  const code = await post(url, '/gateway/getCheckCode', {});
  if (code.kind !== 'answer' || code.code !== '0') return null;
  const cc = (code.data as { cc: string }).cc;
  const res = await post(url, '/omc/submitLogin', {
    account,
    password: TRADERS[account],
    check_code: 'ABCD',
    req_code_session_id: cc,
  });
  return res.kind === 'answer' && res.code === '0' ? (res.data as { utoken: string }).utoken : null;
}

/** What the clients of a fault test saw, counted the same way in every test. */
export interface Tally {
  /** Requests sent, retries included. */
  sent: number;
  /** Writes the server acknowledged (each once, however many tries it took). */
  acknowledged: number;
  /** Answers SERVICE_UNAVAILABLE (503, retryable) and network failures, each retried. */
  retryable: number;
  network: number;
  /** Answers of a proxy in front of the nodes that no node wrote (502, 503, 504: no node could answer), each retried. */
  gateway: number;
  /** Sign-ins again after a session was lost. */
  signIns: number;
  /** Business refusals (a bid overtaken ...): answers, not faults. */
  refused: number;
  /** Anything else: a 500, an unknown code. Must stay empty. */
  unexpected: string[];
}

export const newTally = (): Tally => ({
  sent: 0,
  acknowledged: 0,
  retryable: 0,
  network: 0,
  gateway: 0,
  signIns: 0,
  refused: 0,
  unexpected: [],
});

/**
 * A trader's session shared by its workers: one sign-in per account (a new one would end the
 * others'), signed in again when the session is gone (Redis lost it).
 */
export class Session {
  private token: string | null = null;
  private pending: Promise<string | null> | null = null;
  constructor(
    readonly account: Trader,
    private readonly tally: Tally,
  ) {}

  async current(url: string): Promise<string | null> {
    if (this.token) return this.token;
    return this.renew(url, null);
  }

  /** Signs in again unless another worker already did since `stale` was handed out. */
  renew(url: string, stale: string | null): Promise<string | null> {
    if (this.token && this.token !== stale) return Promise.resolve(this.token);
    this.pending ??= signIn(url, this.account).then((token) => {
      this.pending = null;
      if (token) {
        this.token = token;
        this.tally.signIns++;
      }
      return token;
    });
    return this.pending;
  }
}
