import { operationLog } from './migrations/060-operation-log';
import { defineModule } from '../../platform/module';

/** The operation log's table; the write path fills it and the system logs page reads it. */
export const oplogModule = defineModule({
  name: 'oplog',
  migrations: { '060-operation-log': operationLog },
});
