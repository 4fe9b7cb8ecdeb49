export { createOplogRepo } from './oplog.repo';
export type { OplogFilter } from './oplog.repo';
