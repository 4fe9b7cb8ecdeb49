import type { registrationEndpoints } from '../registration';
import { routeTable } from '../endpoint';

/** What the browser calls of `registrationEndpoints`: method and path only (see `routeTable`). */
export const registrationRoutes = routeTable<typeof registrationEndpoints>()({
  isAccountExisted: { method: 'POST', path: '/omc/v/api/member/reg/is_account_existed' },
  getMobileByAccount: { method: 'POST', path: '/omc/v/api/member/reg/get_mobile_by_account' },
  agreements: { method: 'GET', path: '/omc/v/api/member/reg/agreements' },
  sendRegCode: { method: 'POST', path: '/omc/api/member/reg/send_reg_code' },
  sendForgetSmsCode: { method: 'POST', path: '/omc/api/member/reg/send_forget_sms_code' },
  quickReg: { method: 'POST', path: '/omc/api/member/reg/quick_reg' },
  forgetResetPwd: { method: 'POST', path: '/omc/api/member/reg/forget_reset_pwd' },
});
