import type { supplierRelationEndpoints } from '../supplier-relations';
import { routeTable } from '../endpoint';

/** What the browser calls of `supplierRelationEndpoints`: method and path only (see `routeTable`). */
export const supplierRelationRoutes = routeTable<typeof supplierRelationEndpoints>()({
  page: { method: 'POST', path: '/purchase/ws/purCustomerRelation/page' },
  add: { method: 'POST', path: '/purchase/ws/purCustomerRelation/add' },
  remark: { method: 'POST', path: '/purchase/ws/purCustomerRelation/remark' },
  remove: { method: 'POST', path: '/purchase/ws/purCustomerRelation/remove' },
  apply: { method: 'POST', path: '/purchase/ws/purCustomerRelation/apply' },
  decide: { method: 'POST', path: '/purchase/ws/purCustomerRelation/decide' },
  applications: { method: 'POST', path: '/purchase/ws/purCustomerRelation/applications' },
  myApplications: { method: 'POST', path: '/purchase/ws/purCustomerRelation/myApplications' },
});
