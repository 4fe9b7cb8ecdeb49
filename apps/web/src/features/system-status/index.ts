/** The system status feature's public face: its shell page. */
export { systemStatusManifest } from './manifest';
