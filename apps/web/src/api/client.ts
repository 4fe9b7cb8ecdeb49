import type { AnswerOf, BodyOf, Endpoint, QueryOf, Route } from '@portal/contracts/endpoint';
import { LOCKED_CODE, SESSION_INVALID_CODES, SILENT_CODES } from '@portal/contracts/session-codes';

/** A refusal or failure from the server, carrying the envelope's code and message. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** The envelope's data on a refusal: `{ field, reason }` for a validation failure. */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

/**
 * How the shell reacts to a refusal: `invalid` ends the session
 * (the "confirm login" dialog), `locked` shows the unlock prompt, `silent` shows nothing, `notice`
 * an info toast (-1), `error` an error toast with the server's message (positive codes), `other`
 * an info toast (system error plus the message).
 */
export type SessionCode = 'invalid' | 'locked' | 'silent' | 'notice' | 'error' | 'other';
type SessionListener = (kind: SessionCode, error: ApiError) => void;

/** The reaction a wire code calls for. */
export function reactionOf(code: string): SessionCode {
  if ((SESSION_INVALID_CODES as readonly string[]).includes(code)) return 'invalid';
  if (code === LOCKED_CODE) return 'locked';
  if ((SILENT_CODES as readonly string[]).includes(code)) return 'silent';
  if (code === '-1') return 'notice';
  if (/^[1-9]\d*$/.test(code)) return 'error';
  return 'other';
}

let csrf = '';

/** How a request reaches the server: the browser's fetch, or the server's own (its first screens). */
export type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/** Sends every later call through `next` (the server's first-screen renderer does, in-process). */
export function setTransport(next: Transport): void {
  transport = next;
}
let sessionListener: SessionListener | null = null;

/** The shell registers how to react to refusals (dialog, lock screen, toasts). */
export function onSessionCode(listener: SessionListener | null): void {
  sessionListener = listener;
}

/** Calls whose session refusals the page handles itself (no dialog). */
const NO_SESSION_REACTION = [/\/submitLogin$/, /\/getVerifyCode$/, /\/getCheckCode$/, /\/user\/logout$/, /\/getCurrUser$/];

function buildUrl(path: string, query?: Record<string, unknown>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

interface CallInput<E extends Endpoint> {
  body?: BodyOf<E>;
  query?: QueryOf<E>;
  signal?: AbortSignal;
  /** The page reports failures itself: no toast, though session codes still get their reaction. */
  quiet?: boolean;
}

/**
 * Calls one contract endpoint, given as a row of a route table (`@portal/contracts/routes`) or, in
 * the back office, of an endpoint table: sends credentials, echoes csrfcheck, unwraps the envelope
 * and throws ApiError on any code other than "0". Session codes also go to the shell's listener.
 */
export async function call<E extends Endpoint>(endpoint: E | Route<E>, input: CallInput<E> = {}): Promise<AnswerOf<E>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (endpoint.method !== 'GET') {
    headers['content-type'] = 'application/json';
    if (csrf) headers.csrfcheck = csrf;
  }
  let response: Response;
  try {
    response = await transport(buildUrl(endpoint.path, input.query as Record<string, unknown> | undefined), {
      method: endpoint.method,
      credentials: 'include',
      headers,
      body: endpoint.method === 'GET' ? undefined : JSON.stringify(input.body ?? {}),
      signal: input.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError('network', '', 0);
  }
  const echoed = response.headers.get('csrfcheck');
  if (echoed) csrf = echoed;
  let envelope: { return_code?: string; error_no?: string; error_info?: string; data?: unknown };
  try {
    envelope = (await response.json()) as typeof envelope;
  } catch {
    throw new ApiError('network', '', response.status);
  }
  const code = envelope.error_no ?? envelope.return_code ?? 'network';
  if (response.ok && code === '0') return envelope.data as AnswerOf<E>;
  const error = new ApiError(code, envelope.error_info ?? '', response.status, envelope.data ?? null);
  const reacts = !NO_SESSION_REACTION.some((re) => re.test(endpoint.path));
  const kind = reactionOf(code);
  if (reacts && sessionListener && (!input.quiet || kind === 'invalid' || kind === 'locked')) sessionListener(kind, error);
  throw error;
}
