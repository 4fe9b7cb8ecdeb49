/** Trading in the user centre (listings, orders, deposits, messages): its shell pages. */
export { tradeManifest } from './manifest';
