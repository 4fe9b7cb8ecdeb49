import { fileOwners } from '../../db/migrations/080-file-owners';
import { defineModule } from '../../platform/module';
import { createFilesRepo } from './files.repo';
import { registerFilesRoutes } from './files.routes';
import { createFilesService } from './files.service';

/** Stored files and their downloads. */
export const filesModule = defineModule({
  name: 'files',
  migrations: { '080-file-owners': fileOwners },
  services: ({ db }) => createFilesService({ repo: createFilesRepo(db) }),
  routes: (app, files) => registerFilesRoutes(app, { files }),
});
