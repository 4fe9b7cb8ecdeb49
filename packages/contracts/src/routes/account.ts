import type { accountEndpoints, mobileChangeEndpoints } from '../account';
import { routeTable } from '../endpoint';

/** What the browser calls of `accountEndpoints`: method and path only (see `routeTable`). */
export const accountRoutes = routeTable<typeof accountEndpoints>()({
  publicSettings: { method: 'GET', path: '/omc/api/sys/public_settings' },
  getCheckCodeGet: { method: 'GET', path: '/gateway/getCheckCode' },
  loginHasValidateCode: { method: 'GET', path: '/gateway/loginHasValidateCode' },
  getTenantList: { method: 'GET', path: '/gateway/getTenantList' },
  submitLogin: { method: 'POST', path: '/omc/submitLogin' },
  getVerifyCode: { method: 'POST', path: '/gateway/getVerifyCode' },
  getSecurityKey: { method: 'POST', path: '/omc/getSecurityKey' },
  thirdPartyAuthsUrl: { method: 'POST', path: '/omc/api/third_auths/auths_url' },
  getCurrUser: { method: 'GET', path: '/omc/api/user/getCurrUser' },
  logout: { method: 'GET', path: '/omc/api/user/logout' },
});

/** What the browser calls of `mobileChangeEndpoints`: method and path only (see `routeTable`). */
export const mobileChangeRoutes = routeTable<typeof mobileChangeEndpoints>()({
  modifyMobileSend: { method: 'POST', path: '/omc/api/user/modify_mobile_send' },
  modifyMobile: { method: 'POST', path: '/omc/api/user/modify_mobile' },
});
