/** The tender hall's public face: its portal pages and the page of tenders the home page shows. */
export { tendersManifest } from './manifest';
export { useTenderPage } from './queries';
