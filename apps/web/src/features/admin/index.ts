/** The administration feature's public face: its shell pages. */
export { adminManifest } from './manifest';
