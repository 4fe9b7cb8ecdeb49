import { accountRoutes } from '@portal/contracts/routes/account';
import { call } from '../../api/client';
import { clearUserData } from '../../shared/session-storage';

/** Ends the session on the server, clears every cached user key, then reloads on the login page. */
export async function logout(target = '/login'): Promise<boolean> {
  let ok = true;
  try {
    await call(accountRoutes.logout, { query: { tn: sessionStorage.getItem('tn') ?? undefined } });
  } catch {
    ok = false;
  }
  clearUserData();
  window.location.assign(target);
  return ok;
}
