import type { LoginAnswer } from '@portal/contracts/account';
import { isSitePath } from '@portal/contracts/site-path';

/**
 * The session data the browser keeps. The token itself stays in
 * the HttpOnly cookie and is never readable by scripts.
 */
const USER_KEYS = [
  'operator_code',
  'userName',
  'nickName',
  'currUserId',
  'user_type',
  'userAgentRawRoleCode',
  'lastLoginDateTime',
  'userPermissions',
  'tenantId',
  'tenantName',
  'kindCode',
  'menus',
  'menusType',
  'orgList',
  'orgName',
  'clientIp',
  'visitedViews',
  'has_reload',
  'cc',
] as const;

export function storeLoginAnswer(answer: LoginAnswer, tenant?: { tenantId?: string; tenantName?: string; kindCode?: string }): void {
  const s = sessionStorage;
  s.setItem('operator_code', answer.user_agent_operator_code);
  s.setItem('userName', answer.user_agent_user_name);
  s.setItem('nickName', answer.user_agent_name);
  s.setItem('currUserId', answer.user_agent_user_id);
  s.setItem('user_type', answer.user_type);
  s.setItem('userAgentRawRoleCode', answer.user_agent_raw_role_code);
  s.setItem('lastLoginDateTime', answer.last_login_date_time);
  s.setItem('userPermissions', JSON.stringify(Object.fromEntries(answer.optAuths.map((code) => [code, true]))));
  if (tenant?.tenantId) s.setItem('tenantId', tenant.tenantId);
  if (tenant?.tenantName) s.setItem('tenantName', tenant.tenantName);
  if (tenant?.kindCode) s.setItem('kindCode', tenant.kindCode);
  s.removeItem('has_reload');
}

/** Clears every cached user key (logout). */
export function clearUserData(): void {
  for (const key of USER_KEYS) sessionStorage.removeItem(key);
  localStorage.removeItem('visitedViews');
}

const LOGIN_URL_KEY = 'loginUrl';
/** Where to go after signing in: the page the guard sent the person away from. */
export function rememberLoginUrl(url: string): void {
  sessionStorage.setItem(LOGIN_URL_KEY, url);
}
export function takeLoginUrl(): string | null {
  const url = sessionStorage.getItem(LOGIN_URL_KEY);
  sessionStorage.removeItem(LOGIN_URL_KEY);
  // Only a page of this site, never one that leads back to the login page or to another host.
  return isSitePath(url) && !url.startsWith('/login') ? url : null;
}

/** One kept value, or null (also where there is no storage: the server's first screen). */
export function storedValue(key: (typeof USER_KEYS)[number]): string | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key);
}
