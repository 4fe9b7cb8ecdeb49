/** Electronic contracts: their shell and portal pages, and the contract part of an order's detail (loaded when first shown). */
export { contractsShellManifest, contractsPortalManifest } from './manifest';
export const loadOrderContract = () => import('./order-contract').then((m) => ({ default: m.OrderContract }));
