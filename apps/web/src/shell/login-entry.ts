import type { CurrentUser } from '@portal/contracts/account';

/** Query keys of an entry URL that are stored as they come: organisation, tenant and kind. */
const CONTEXT_KEYS = ['orgName', 'orgList', 'tenantId', 'tenantName', 'kindCode'] as const;
/** Identity keys an entry URL may carry; the checked session decides them, never the URL. */
const IDENTITY_KEYS = ['operator_code', 'operatorCode', 'nickName', 'user_type', 'userType', 'userName', 'currUserId'] as const;

export interface LoginEntry {
  token: string;
  context: Partial<Record<(typeof CONTEXT_KEYS)[number], string>>;
  /** The query without the entry keys, to replace the URL with ('' or '?…'). */
  rest: string;
}

/**
 * Reads a login entry from a query: a token plus operator, nick name,
 * user type, organisation, tenant and kind. Null when the query carries no token.
 */
export function parseEntry(search: string): LoginEntry | null {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  if (!token) return null;
  const context: LoginEntry['context'] = {};
  for (const key of CONTEXT_KEYS) {
    const value = params.get(key);
    if (value !== null) context[key] = value.slice(0, 200);
    params.delete(key);
  }
  for (const key of IDENTITY_KEYS) params.delete(key);
  params.delete('token');
  const rest = params.toString();
  return { token, context, rest: rest ? `?${rest}` : '' };
}

/** Stores the session data of a checked entry: identity from the server, context from the URL. */
export function storeEntry(entry: LoginEntry, user: CurrentUser): void {
  const s = sessionStorage;
  s.setItem('operator_code', user.userName);
  s.setItem('userName', user.userName);
  s.setItem('nickName', user.nickName);
  s.setItem('currUserId', user.currUserId);
  s.setItem('user_type', user.userType);
  s.setItem('lastLoginDateTime', user.lastLoginDateTime);
  for (const [key, value] of Object.entries(entry.context)) s.setItem(key, value);
  s.removeItem('has_reload');
}
