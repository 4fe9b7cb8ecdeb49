/** The listing report's public face: its shell page. */
export { listingReportManifest } from './manifest';
