// The public entry of the oplog module: all that other modules, app.ts and db/ may import from it.
export { createOplogRepo } from './oplog.repo';
export type { OplogFilter, OplogRepo } from './oplog.repo';
