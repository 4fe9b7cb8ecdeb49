/** Signing in and out: logout, and the login page and the change-of-mobile dialog, each loaded when first shown. */
export { logout } from './logout';
export const loadLoginPage = () => import('./login-page');
export const loadChangeMobileDialog = () => import('./change-mobile-dialog').then((m) => ({ default: m.ChangeMobileDialog }));
