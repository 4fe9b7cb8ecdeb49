// The public entry of the oplog module: all that other modules and the code above them (app.ts, demo data, scripts) may import from it.
export { createOplogRepo } from './oplog.repo';
export type { OplogFilter, OplogRepo } from './oplog.repo';
