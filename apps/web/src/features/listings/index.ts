/** The listing market's public face: its portal pages and the variety tree the home page shows. */
export { listingsManifest } from './manifest';
export { useVarietyTree } from './queries';
