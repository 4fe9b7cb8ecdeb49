/** Tender management's public face: its shell pages. */
export { tenderTradeManifest } from './manifest';
