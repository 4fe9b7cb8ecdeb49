/** The price index's pages: the portal's price page and the operators' publications page. */
export { priceIndexManifest, priceIndexShellManifest } from './manifest';
