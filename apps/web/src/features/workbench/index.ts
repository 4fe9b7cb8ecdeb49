/** The workbench feature's public face: its shell page, and its figures for the shell's home. */
export { workbenchManifest } from './manifest';
export { WorkbenchOnHome } from './on-home';
