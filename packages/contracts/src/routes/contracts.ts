import type { contractEndpoints } from '../contracts';
import { routeTable } from '../endpoint';

/** What the browser calls of `contractEndpoints`: method and path only (see `routeTable`). */
export const contractRoutes = routeTable<typeof contractEndpoints>()({
  page: { method: 'POST', path: '/commtrade/ws/contract/page' },
  detail: { method: 'POST', path: '/commtrade/ws/contract/detail' },
  ofOrder: { method: 'POST', path: '/commtrade/ws/contract/ofOrder' },
  pdf: { method: 'GET', path: '/commtrade/ws/contract/pdf' },
  sendCode: { method: 'POST', path: '/commtrade/ws/contract/sendCode' },
  sign: { method: 'POST', path: '/commtrade/ws/contract/sign' },
  decline: { method: 'POST', path: '/commtrade/ws/contract/decline' },
  adminPage: { method: 'POST', path: '/commtrade/ws/contract/adminPage' },
  adminDetail: { method: 'POST', path: '/commtrade/ws/contract/adminDetail' },
  adminPdf: { method: 'GET', path: '/commtrade/ws/contract/adminPdf' },
  templatePage: { method: 'POST', path: '/commtrade/ws/contract/template/page' },
  templateDetail: { method: 'POST', path: '/commtrade/ws/contract/template/detail' },
  templateCreate: { method: 'POST', path: '/commtrade/ws/contract/template/create' },
  templateVersion: { method: 'POST', path: '/commtrade/ws/contract/template/newVersion' },
  templateActivate: { method: 'POST', path: '/commtrade/ws/contract/template/activate' },
  settingList: { method: 'POST', path: '/commtrade/ws/contract/setting/list' },
  settingSave: { method: 'POST', path: '/commtrade/ws/contract/setting/save' },
  verify: { method: 'POST', path: '/commtrade/ws/contract/verify' },
});
