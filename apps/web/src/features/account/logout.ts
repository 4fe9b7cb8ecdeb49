import { accountRoutes } from '@portal/contracts/routes/account';
import { call } from '../../api/client';
import { clearUserData } from '../../shared/session-storage';

/** Ends the session on the server, clears every cached user key, then reloads on the login page. */
export async function logout(target = '/login'): Promise<boolean> {
  let ok = true;
  try {
    // The HttpOnly cookie names the session; the browser keeps no token a script could read.
    await call(accountRoutes.logout);
  } catch {
    ok = false;
  }
  clearUserData();
  window.location.assign(target);
  return ok;
}
